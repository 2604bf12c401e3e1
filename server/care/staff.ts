/**
 * Who does something for the hotel in the care log, its alerts and its incidents: the signed-in staff
 * member. A file of its own so the alerts and incidents, which the log calls, need not import the log.
 */
export interface CareStaff {
  userId: string;
  email: string;
}
