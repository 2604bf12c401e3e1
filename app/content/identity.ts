/**
 * The business's name and history: the facts the fixed page copy (copy.ts) is written around. Its
 * own module so that the copy, which every public page's script carries, does not carry the whole
 * business profile with it; `business` in business.ts includes these.
 */
export const identity = {
  name: "Laguna Niguel Cat Hotel",
  /** Both readings of the history appear in the page copy. */
  history: { servingSince: 1992, yearsServing: "over 30 years", foundedYear: 2015 },
} as const;
