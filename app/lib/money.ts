/** An amount in cents as a person reads it: `$125.00`, and a discount `−$50.00`. */
export const formatCents = (cents: number) => `${cents < 0 ? "−" : ""}$${(Math.abs(cents) / 100).toFixed(2)}`;
