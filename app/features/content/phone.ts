/** "(949) 555-0100" → "+19495550100" (the schema has checked it is 10 digits, optionally after a 1). Kept apart from the zod schemas so public pages do not load zod. */
export function telFromDisplay(display: string): string {
  const digits = display.replace(/\D/g, "");
  return `+1${digits.length === 11 ? digits.slice(1) : digits}`;
}
