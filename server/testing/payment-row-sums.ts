/**
 * What the revenue report must add up to over all time, read straight from the payment rows with no
 * date or month arithmetic (ADR 0155): the report's totals summed over every year that holds data
 * must equal these. Used by revenue.db.test.ts and `npm run bench:data`.
 */
export const PAYMENT_ROW_SUMS_SQL = `select
  (select coalesce(sum(amount_cents), 0) from payments where status = 'paid' and kind = 'deposit')::bigint as deposits,
  (select coalesce(sum(amount_cents), 0) from payments where status = 'paid' and kind = 'balance')::bigint as balances,
  (select coalesce(sum(amount_cents), 0) from payment_refunds)::bigint as refunds,
  (select coalesce(sum(refunded_cents), 0) from payments)::bigint as refunded_on_payments`;

export interface PaymentRowSums {
  deposits: number;
  balances: number;
  refunds: number;
  net: number;
}

export const paymentRowSums = (row: Record<string, unknown>): PaymentRowSums & { refundedOnPayments: number } => {
  const [deposits, balances, refunds] = [Number(row.deposits), Number(row.balances), Number(row.refunds)];
  return { deposits, balances, refunds, net: deposits + balances - refunds, refundedOnPayments: Number(row.refunded_on_payments) };
};
