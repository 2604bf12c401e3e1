import { and, asc, eq } from "drizzle-orm";
import { toString as qrCode } from "qrcode";
import { formatCents } from "~/lib/money";
import { isUuid } from "~/lib/ids";
import type { BalanceDeskRequest } from "~/features/stays/balance-schema";
import type { Db } from "../db/client";
import { lockForBooking } from "../db/booking-lock";
import { ownedBy } from "../db/owned";
import { households, payments, stayEvents, stays, users } from "../db/schema/index";
import { UNIQUE_VIOLATION, sqlStateOf } from "../db/sql-state";
import { loadSiteContent } from "../content/content";
import { AppError } from "../http/errors";
import type { Logger } from "../logger";
import { queueMail } from "../mail/queue";
import { balanceLinkMail } from "../messages/catalogue";
import { BALANCE_STATUSES, stayBalance } from "../stays/balance";
import { STAY_NOT_FOUND } from "../stays/stay";
import type { CardPayment, Payment } from "./refunds";
import type { PaymentProviders } from "./provider";
import { inTransaction } from "../db/transaction";

/**
 * The balance at check-out (ADR 0154): what is due on a checked-in stay is settled once, by card
 * through the provider (a checkout whose link the desk shows as a QR code and mails to the
 * customer) or in cash or by check, recorded by staff. The partial unique index
 * `payments_one_paid_balance` holds "once" whatever races: a second is refused in words. "Once" is
 * per price the stay has had: nights an overdue pickup adds (ADR 0182) are a balance of their own.
 */

/** How long a balance's card checkout stays open: the customer pays at the desk, or that evening. Stripe allows up to a day. */
const BALANCE_CHECKOUT_HOURS = 23;

const BALANCE_ALREADY_PAID = () => new AppError(409, "BALANCE_ALREADY_PAID", "This stay's balance has already been paid, so nothing more was recorded.");
const NOTHING_DUE = () => new AppError(409, "NOTHING_DUE", "Nothing is due on this stay.");
const NOT_CHECKED_IN = () =>
  new AppError(409, "STAY_NOT_CHECKED_IN", "The balance is taken while the stay is checked in, or after it checked out with money owed.");

/**
 * The stay whose balance is taken: checked in, or checked out with money owed (ADR 0182), which is
 * collectable any time after. `userId`: a customer paying their own stay (another household's
 * answers as unknown).
 */
async function payableStay(db: Db, stayId: string, userId?: string) {
  if (!isUuid(stayId)) throw STAY_NOT_FOUND();
  const [row] = await db
    .select({ stay: stays, email: users.email })
    .from(stays)
    .leftJoin(households, eq(households.id, stays.householdId))
    .leftJoin(users, eq(users.id, households.userId))
    // A customer's own stay only, in the query: another household's is not found, as an unknown one.
    .where(and(eq(stays.id, stayId), userId === undefined ? undefined : ownedBy(stays.householdId, userId)));
  if (!row) throw STAY_NOT_FOUND();
  if (!(BALANCE_STATUSES as readonly string[]).includes(row.stay.status)) throw NOT_CHECKED_IN();
  return row;
}

async function dueOn(db: Db, stay: { id: string; totalCents: number }): Promise<number> {
  const balance = await stayBalance(db, stay);
  if (balance.balancePaid) throw BALANCE_ALREADY_PAID();
  if (balance.dueCents === 0) throw NOTHING_DUE();
  return balance.dueCents;
}

/**
 * A balance card link shown again rather than made anew: a pending checkout of the stay for the
 * amount due, with its link kept, made less than an hour before its checkout closes.
 */
const REUSABLE_HOURS = BALANCE_CHECKOUT_HOURS - 1;

const isReusable = (row: { amountCents: number; checkoutUrl: string | null; createdAt: Date }, amountCents: number, now: Date) =>
  row.amountCents === amountCents && row.checkoutUrl !== null && row.createdAt.getTime() > now.getTime() - REUSABLE_HOURS * 3_600_000;

const openBalanceCheckouts = async (db: Db, stayId: string) =>
  (await db
    .select()
    .from(payments)
    .where(and(eq(payments.stayId, stayId), eq(payments.kind, "balance"), eq(payments.status, "pending")))
    .orderBy(asc(payments.createdAt))) as CardPayment[];

/**
 * Closes the stay's open card checkouts for its balance, each at the provider that opened it, and
 * marks them expired: after this, no earlier link takes the balance. Refused when one was paid
 * meanwhile (its event is on its way). `keep`: a checkout left open (the link a second "Take by card"
 * shows again).
 */
async function closeOpenBalanceCheckouts(
  db: Db,
  providers: PaymentProviders,
  stayId: string,
  now: Date,
  logger?: Logger,
  keep: (checkout: CardPayment) => boolean = () => false,
) {
  const open = (await openBalanceCheckouts(db, stayId)).filter((checkout) => !keep(checkout));
  for (const checkout of open) {
    const provider = providers.get(checkout.provider);
    if (provider && !(await provider.expireCheckout(checkout.checkoutSessionId)))
      throw new AppError(409, "BALANCE_CARD_PAID", "The customer's card payment for the balance has just gone through. Reload the page.");
    if (!provider) logger?.warn({ paymentId: checkout.id, provider: checkout.provider }, "balance checkout not closed: its provider is not configured");
    await db
      .update(payments)
      .set({ status: "expired", updatedAt: now })
      .where(and(eq(payments.id, checkout.id), eq(payments.status, "pending")));
  }
}

/** Maps the second paid balance the database refused to the words staff read. */
async function onceOnly<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION) throw BALANCE_ALREADY_PAID();
    throw error;
  }
}

/** Cash or a check as `balanceDeskForm` parsed it (a check with its number), and who took it. */
export type DeskBalanceInput = Pick<BalanceDeskRequest, "stayId" | "method" | "checkNumber"> & { staffEmail: string };

/** Staff record the balance taken in cash or by check: a paid `payments` row naming who took it. */
export async function recordBalanceAtDesk(db: Db, providers: PaymentProviders, input: DeskBalanceInput, ctx: { now: Date; logger?: Logger }): Promise<Payment> {
  const now = ctx.now;
  const { stay } = await payableStay(db, input.stayId);
  await dueOn(db, stay);
  const reference = input.method === "check" ? input.checkNumber || undefined : undefined;
  // A card link sent earlier is closed first, so the customer cannot pay the balance twice.
  await closeOpenBalanceCheckouts(db, providers, stay.id, now, ctx.logger);
  const recordedBy = `staff:${input.staffEmail}`;
  return onceOnly(() =>
    inTransaction(db, async (tx) => {
      // Read again in the transaction: what was paid a moment ago counts.
      const amountCents = await dueOn(tx, stay);
      const [payment] = await tx
        .insert(payments)
        .values({
          stayId: stay.id,
          kind: "balance",
          method: input.method,
          amountCents,
          settlesTotalCents: stay.totalCents,
          status: "paid",
          paidAt: now,
          recordedBy,
          reference: reference ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(stayEvents).values({
        stayId: stay.id,
        kind: "balance_paid",
        actor: recordedBy,
        detail: { amountCents, method: input.method, reference: reference ?? null },
        at: now,
      });
      return payment!;
    }),
  );
}

/** A QR code of `url`, as an SVG image's data address for an `<img>` (drawn on the server, no script). */
export async function qrCodeImage(url: string): Promise<string> {
  const svg = await qrCode(url, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/**
 * The card link for the balance of a stay through the configured provider: at the desk for a
 * checked-in stay (the link mailed to the customer, its QR code shown), or, for a stay checked out with
 * money owed, by staff or by the customer from My Trips (`customerId`: the signed-in user, whose own
 * stay it must be; nothing mailed, they are sent to the link). One link is open at a time (ADR 0173):
 * a request while one for the amount due is open shows that one again and mails nothing; otherwise
 * the links sent before are closed and a checkout is made. Requests at once queue on the stay's
 * balance lock to write theirs: the first writes it (and queues the mail), the others close the
 * checkout they made (never shown to anyone) and show the first's.
 */
export async function startBalanceCheckout(
  db: Db,
  providers: PaymentProviders,
  input: { stayId: string; staffEmail: string } | { stayId: string; customerId: string },
  ctx: { siteUrl: string; now: Date; logger?: Logger },
): Promise<{ url: string; qr: string; amountCents: number; payment: CardPayment; mailed: boolean }> {
  const now = ctx.now;
  const byCustomer = "customerId" in input;
  const actor = byCustomer ? `customer:${input.customerId}` : `staff:${input.staffEmail}`;
  const { stay, email } = await payableStay(db, input.stayId, byCustomer ? input.customerId : undefined);
  if (!email) throw new AppError(409, "NO_CUSTOMER", "This stay's customer has no account to pay from: take the balance in cash or by check.");
  const amountCents = await dueOn(db, stay);
  const shown = async (payment: CardPayment) => ({
    url: payment.checkoutUrl!,
    qr: await qrCodeImage(payment.checkoutUrl!),
    amountCents,
    payment,
    mailed: false,
  });
  const open = (await openBalanceCheckouts(db, stay.id)).find((checkout) => isReusable(checkout, amountCents, now));
  if (open) return shown(open);
  await closeOpenBalanceCheckouts(db, providers, stay.id, now, ctx.logger, (checkout) => isReusable(checkout, amountCents, now));
  const provider = providers.current;
  const checkout = await provider
    .createCheckout({
      stayId: stay.id,
      amountCents,
      description: `Balance for a stay, ${stay.checkIn} to ${stay.checkOut}`,
      customerEmail: email,
      successUrl: `${ctx.siteUrl}/trips`,
      cancelUrl: `${ctx.siteUrl}/trips`,
      expiresAt: new Date(now.getTime() + BALANCE_CHECKOUT_HOURS * 3_600_000),
    })
    .catch((error: unknown) => {
      ctx.logger?.warn({ err: error, stayId: stay.id }, "balance checkout not created");
      throw new AppError(
        502,
        "PAYMENT_PROVIDER_UNAVAILABLE",
        "We couldn't reach the payment provider just now. Try again in a minute, or take cash or a check.",
      );
    });
  const { business } = await loadSiteContent(db);
  const written = await inTransaction(db, async (tx) => {
    // Whoever writes the stay's link queues here, and reads what the one before committed.
    await lockForBooking(tx, { balance: [stay.id] });
    const first = (await openBalanceCheckouts(tx, stay.id)).find((row) => isReusable(row, amountCents, now));
    if (first) return { first };
    const [row] = await tx
      .insert(payments)
      .values({
        stayId: stay.id,
        kind: "balance",
        method: "card",
        provider: provider.name,
        checkoutSessionId: checkout.sessionId,
        checkoutUrl: checkout.url,
        amountCents,
        settlesTotalCents: stay.totalCents,
        recordedBy: actor,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!byCustomer)
      await queueMail(
        tx,
        {
          dedupeKey: `stay:${stay.id}:balance-link:${row!.id}`,
          stayId: stay.id,
          message: balanceLinkMail({ to: email, amountCents, url: checkout.url, stay, business, siteUrl: ctx.siteUrl }),
        },
        now,
      );
    await tx.insert(stayEvents).values({ stayId: stay.id, kind: "balance_link_sent", actor, detail: { amountCents, provider: provider.name }, at: now });
    return { payment: row as CardPayment };
  });
  if (written.first) {
    // Another request wrote the link first: the checkout made here was never shown, and is closed.
    const closed = await provider.expireCheckout(checkout.sessionId).catch(() => false);
    if (!closed) ctx.logger?.warn({ stayId: stay.id, provider: provider.name }, "an unused balance checkout was not closed");
    return shown(written.first);
  }
  return { url: checkout.url, qr: await qrCodeImage(checkout.url), amountCents, payment: written.payment, mailed: !byCustomer };
}

/** The desk's words for what a balance recording did. */
export const balanceRecordedTitle = (payment: Pick<Payment, "amountCents" | "method" | "reference">) =>
  `Balance of ${formatCents(payment.amountCents)} recorded as ${payment.method === "check" ? `check no. ${payment.reference}` : "cash"}`;
