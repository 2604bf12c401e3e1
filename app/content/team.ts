export interface TeamMember {
  id: string;
  name: string;
  role: string;
  imageUrl: string;
}

/** Sample team: names and portraits are placeholders to replace with the real staff. */
export const team: readonly TeamMember[] = [
  { id: "maria", name: "Maria Lopez", role: "Lead Cat Behaviorist", imageUrl: "/images/team-1.svg" },
  { id: "james", name: "James Carter", role: "Senior Cat Caretaker", imageUrl: "/images/team-2.svg" },
  { id: "priya", name: "Priya Shah", role: "Employee of the Year", imageUrl: "/images/team-3.svg" },
];
