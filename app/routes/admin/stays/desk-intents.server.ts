import { z } from "~/lib/zod";
import { assertMay, type CurrentAuth } from "@server/auth/guards.server";
import type { RequestContext } from "@server/context";
import { groomPaidTitle, recordGroomPayment } from "@server/grooming/groom-payments";
import { submitForm } from "@server/http/form-action";
import { submitOnce } from "@server/http/form-once";
import { retryMail } from "@server/mail/queue";
import { balanceRecordedTitle, recordBalanceAtDesk, startBalanceCheckout } from "@server/payments/balance";
import { refundUnderGuarantee } from "@server/payments/guarantee";
import { refundByStaff } from "@server/payments/payments";
import { settleStaysInBackground } from "@server/stays/background";
import { type StaffAction, changeStayAtDesk, moveStay } from "@server/stays/staff";
import { retrySms } from "@server/telephony/sms-queue";
import type { BalanceLink } from "~/features/stays/balance-desk";
import { balanceCardForm, balanceDeskForm } from "~/features/stays/balance-schema";
import { groomPaymentForm } from "~/features/stays/bill-schema";
import { guaranteeForm, staffRefundForm } from "~/features/stays/admin-schema";
import { GUARANTEE_DAYS } from "~/domain/guarantee";
import { alreadyRecordedTitle } from "~/lib/forms";
import { formatCents } from "~/lib/money";

/** What every desk form acts with: the request's context, the signed-in staff member and the server's clock. */
export interface DeskPage {
  context: RequestContext;
  admin: CurrentAuth;
  now: Date;
}

/** The desk list's own actions; checking in and out take their pages (ADR 0161). */
const LIST_ACTIONS = ["approve", "decline", "noShow"] as const satisfies readonly StaffAction[];
const deskForm = z.object({ intent: z.enum(LIST_ACTIONS), stayId: z.string().uuid() });
const retryMailForm = z.object({ intent: z.literal("retryMail"), mailId: z.string().uuid() });
const retrySmsForm = z.object({ intent: z.literal("retrySms"), smsId: z.string().uuid() });
const moveForm = z.object({ intent: z.literal("move"), stayId: z.string().uuid(), suiteId: z.string("Choose a suite").uuid("Choose a suite") });

const DONE: Record<(typeof LIST_ACTIONS)[number], string> = {
  approve: "Stay confirmed; the customer is told by e-mail",
  decline: "Stay declined; the suite is free again and the customer is told",
  noShow: "Marked as a no-show; the suite is free again",
};

export async function retryMailIntent(form: FormData, { context, now }: DeskPage) {
  const reply = await submitForm(form, retryMailForm, async ({ mailId }) => {
    await retryMail(context.db, mailId, now);
    return { kind: "success", title: "The mail is queued again" };
  });
  settleStaysInBackground(context);
  return reply;
}

export async function retrySmsIntent(form: FormData, { context, now }: DeskPage) {
  const reply = await submitForm(form, retrySmsForm, async ({ smsId }) => {
    await retrySms(context.db, smsId, now);
    return { kind: "success", title: "The text is queued again" };
  });
  settleStaysInBackground(context);
  return reply;
}

export const refundIntent = (form: FormData, { context, admin, now }: DeskPage) =>
  submitOnce({ db: context.db, form: "/admin/stays refund", user: admin.user, now }, form, staffRefundForm, async ({ paymentId, amount }) => {
    assertMay(admin, "refunds");
    await refundByStaff(
      context.db,
      context.payments,
      { paymentId, amountCents: Math.round(amount * 100), staffEmail: admin.user.email },
      { logger: context.logger, now },
    );
    return { kind: "success", title: `${formatCents(Math.round(amount * 100))} refunded` };
  });

export const guaranteeIntent = (form: FormData, { context, admin, now }: DeskPage) =>
  submitForm(form, guaranteeForm, async ({ stayId, reason, amount }) => {
    assertMay(admin, "refunds");
    const amountCents = Math.round(amount * 100);
    const given = await refundUnderGuarantee(
      context.db,
      context.payments,
      { stayId, amountCents, reason, staffEmail: admin.user.email },
      { siteUrl: context.env.PUBLIC_SITE_URL, logger: context.logger, now },
    );
    const { late, atDeskCents } = given;
    // Given already (the same form twice, or another desk): nothing more was refunded (ADR 0179).
    if (given.first)
      return {
        kind: "success",
        title: alreadyRecordedTitle(given.first.at, given.first.by, now),
        description: `${formatCents(given.amountCents)} was refunded under the satisfaction guarantee; nothing more was refunded.`,
      };
    return {
      kind: "success",
      title: `${formatCents(amountCents)} refunded under the satisfaction guarantee; the customer is told by e-mail`,
      description:
        [
          atDeskCents > 0 ? `Give ${formatCents(atDeskCents)} back at the desk: it was paid in cash or by check.` : "",
          late ? `Given after the ${GUARANTEE_DAYS} days the guarantee promises.` : "",
        ]
          .filter(Boolean)
          .join(" ") || undefined,
    };
  });

/** A card link for what a stay checked out unpaid owes (ADR 0182), taken from the desk list. */
export const balanceCardIntent = (form: FormData, { context, admin, now }: DeskPage) =>
  submitForm<typeof balanceCardForm, { balanceLink: BalanceLink }>(form, balanceCardForm, async ({ stayId }) => {
    const { url, qr, amountCents } = await startBalanceCheckout(
      context.db,
      context.payments,
      { stayId, staffEmail: admin.user.email },
      { siteUrl: context.env.PUBLIC_SITE_URL, now, logger: context.logger },
    );
    settleStaysInBackground(context);
    return { kind: "success", title: "Card payment link made and e-mailed to the customer", balanceLink: { stayId, url, qr, amountCents } };
  });

/** A balance paid in cash or by check, from the desk list or the check-out page. */
export const balanceDeskIntent = (form: FormData, { context, admin, now }: DeskPage) =>
  submitForm(form, balanceDeskForm, async ({ stayId, method, checkNumber }) => {
    const payment = await recordBalanceAtDesk(
      context.db,
      context.payments,
      { stayId, method, checkNumber, staffEmail: admin.user.email },
      { now, logger: context.logger },
    );
    return { kind: "success", title: balanceRecordedTitle(payment) };
  });

/** A groom paid at the desk on its own (ADR 0192): the front desk takes it where the customer pays. */
export const groomPaymentIntent = (form: FormData, { context, admin, now }: DeskPage) =>
  submitOnce({ db: context.db, form: "/admin/stays groomPayment", user: admin.user, now }, form, groomPaymentForm, async (input) => {
    const { amountCents } = await recordGroomPayment(context.db, { ...input, staffEmail: admin.user.email }, now);
    return { kind: "success", title: groomPaidTitle(amountCents) };
  });

export const moveIntent = (form: FormData, { context, admin, now }: DeskPage) =>
  submitForm(form, moveForm, async ({ stayId, suiteId }) => {
    const suite = await moveStay(context.db, stayId, suiteId, admin.user.email, now);
    return { kind: "success", title: `Moved to ${suite.name}` };
  });

/** Approve, decline or mark a no-show: one form on each stay of the desk list. */
export async function listActionIntent(form: FormData, { context, admin, now }: DeskPage) {
  const reply = await submitForm(form, deskForm, async ({ intent: action, stayId }) => {
    await changeStayAtDesk(context.db, stayId, action, admin.user.email, { siteUrl: context.env.PUBLIC_SITE_URL, now });
    return { kind: "success", title: DONE[action] };
  });
  settleStaysInBackground(context);
  return reply;
}
