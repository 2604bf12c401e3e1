/** An amount in cents as a person reads it: `$125.00`. */
export const formatCents = (cents: number) => `$${(cents / 100).toFixed(2)}`;
