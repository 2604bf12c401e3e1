export interface TeamMember {
  id: string;
  name: string;
  role: string;
  imageUrl: string;
}

/** The portrait's box on the page (the drawn placeholders are 320 px squares, shown at 80–128 px). */
export const PORTRAIT = { width: 160, height: 160 } as const;

/** Sample team: names and portraits are placeholders to replace with the real staff. */
export const team: readonly TeamMember[] = [
  { id: "maria", name: "Maria Lopez", role: "Lead Cat Behaviorist", imageUrl: "/images/team-1.svg" },
  { id: "james", name: "James Carter", role: "Senior Cat Caretaker", imageUrl: "/images/team-2.svg" },
  { id: "priya", name: "Priya Shah", role: "Employee of the Year", imageUrl: "/images/team-3.svg" },
];

/** The drawn placeholder portrait of a sample member, if `id` is one. */
export const samplePortrait = (id: string): string | undefined => team.find((m) => m.id === id)?.imageUrl;
