/**
 * What the revenue report must add up to, read straight from the payment rows with no month
 * arithmetic (ADR 0155): the report's totals summed over every year that holds data must equal these
 * (or, with `since`, an instant, over the years from it). Used by revenue.db.test.ts and `npm run bench:data`.
 */
export function paymentRowSumsSql(since?: string): string {
  const from = (column: string) => (since ? ` and ${column} >= '${new Date(since).toISOString()}'::timestamptz` : "");
  return `select
  (select coalesce(sum(amount_cents), 0) from payments where status = 'paid' and kind = 'deposit'${from("paid_at")})::bigint as deposits,
  (select coalesce(sum(amount_cents), 0) from payments where status = 'paid' and kind = 'balance'${from("paid_at")})::bigint as balances,
  (select coalesce(sum(amount_cents), 0) from payment_refunds where true${from("created_at")})::bigint as refunds,
  (select coalesce(sum(amount_cents), 0) from groom_guarantees where true${from("created_at")})::bigint as groom_refunds,
  (select coalesce(sum(amount_cents), 0) from groom_payments where true${from("paid_at")})::bigint as groom_paid,
  (select coalesce(sum(refunded_cents), 0) from payments)::bigint as refunded_on_payments`;
}

export interface PaymentRowSums {
  deposits: number;
  balances: number;
  refunds: number;
  net: number;
  /** `refunded_cents` over every payment: equal to every refund row's amount. */
  refundedOnPayments: number;
  /** The grooms' satisfaction guarantees given back at the desk (ADR 0166): the grooms' refunds. */
  groomRefunds: number;
  /** The grooms paid at the desk on their own (ADR 0192): the grooms' money taken. */
  groomPaid: number;
}

export const paymentRowSums = (row: Record<string, unknown>): PaymentRowSums => {
  const [deposits, balances, refunds] = [Number(row.deposits), Number(row.balances), Number(row.refunds)];
  return {
    deposits,
    balances,
    refunds,
    net: deposits + balances - refunds,
    refundedOnPayments: Number(row.refunded_on_payments),
    groomRefunds: Number(row.groom_refunds),
    groomPaid: Number(row.groom_paid),
  };
};
