/** A customer found at the desk (`findCustomersToBookFor` on the server). */
export interface CustomerMatch {
  householdId: string;
  name: string | null;
  email: string;
  phone: string | null;
  cats: number;
}
