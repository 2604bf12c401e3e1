/**
 * Today's cat cards open on a plain link (ADR 0201): `?cat=<stay>.<cat>` names the one card the page
 * draws open, and the loader reads that card's entries and care plan only (ADR 0207).
 */
export const OPEN_CARD = "cat";

/** The value of `?cat=` that opens a cat's card. */
export const cardKey = (cat: { stayId: string; catId: string }) => `${cat.stayId}.${cat.catId}`;
