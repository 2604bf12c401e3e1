/**
 * The lines the desk adds to a stay's bill at check-out (ADR 0192): what the stay cost beyond its
 * booked price (a late pickup, a vet bill passed on, food or retail, a tip), a discount (a
 * manager's right), and a groom done during the stay. No imports: the database schema reads this
 * file outside the app's build (drizzle-kit), and the browser reads it too.
 */

export const BILL_LINE_KINDS = ["late_pickup", "vet_bill", "retail", "tip", "discount", "groom"] as const;
export type BillLineKind = (typeof BILL_LINE_KINDS)[number];

/** The kinds the desk types in (a groom is added from its appointment, at its price). */
export const TYPED_BILL_LINE_KINDS = ["late_pickup", "vet_bill", "retail", "tip", "discount"] as const;
export type TypedBillLineKind = (typeof TYPED_BILL_LINE_KINDS)[number];

export const BILL_LINE_LABELS: Record<BillLineKind, string> = {
  late_pickup: "Late pickup",
  vet_bill: "Vet bill passed on",
  retail: "Food or retail",
  tip: "Tip",
  discount: "Discount",
  groom: "Groom",
};

/** The largest amount one line may carry: $10,000.00. More is a typing slip, not a bill. */
export const MAX_BILL_LINE_CENTS = 1_000_000;
export const MAX_BILL_LINE_TEXT = "$10,000.00";

/** The price line a bill line becomes on the bill and the receipt: "Vet bill passed on: X-ray", "Discount: regular guest". */
export const billLineLabel = (kind: BillLineKind, description: string) => (description ? `${BILL_LINE_LABELS[kind]}: ${description}` : BILL_LINE_LABELS[kind]);

/** A discount takes money off; every other line adds it. */
export const signedCents = (kind: BillLineKind, cents: number) => (kind === "discount" ? -cents : cents);

export const GROOM_PAYMENT_METHODS = ["card", "cash", "check"] as const;
export type GroomPaymentMethod = (typeof GROOM_PAYMENT_METHODS)[number];
