import { assertMay, may } from "@server/auth/guards.server";
import { confirmOverride } from "@server/auth/override-pin";
import { raiseWeightAlertsAfterCheckOut } from "@server/care/alerts";
import { submitForm } from "@server/http/form-action";
import { submitOnce } from "@server/http/form-once";
import { startBalanceCheckout } from "@server/payments/balance";
import { settleStaysInBackground } from "@server/stays/background";
import { addBillLine, addGroomToBill, billLineAddedTitle, billLineRemovedTitle, removeBillLine } from "@server/stays/bill";
import { releaseWithCode, releaseWithOverride } from "@server/stays/pickup";
import { changeStayAtDesk } from "@server/stays/staff";
import type { BalanceLink } from "~/features/stays/balance-desk";
import { balanceCardForm } from "~/features/stays/balance-schema";
import { billLineForm, billLineRemovalForm, groomBillForm } from "~/features/stays/bill-schema";
import { deskCheckOutForm } from "~/features/stays/handover-schema";
import { releaseForm } from "~/features/stays/release-schema";
import type { DeskPage } from "./desk-intents.server";

/** The check-out page's forms act on its stay (`stayId`, the page's own). */
export interface CheckOutPage extends DeskPage {
  stayId: string;
}

// A line on the bill is money: the page's form token holds it to one line however often it is sent (ADR 0179, 0192).
const once = ({ context, admin, now }: CheckOutPage, what: string) => ({
  db: context.db,
  form: `/admin/stays/:stayId/check-out ${what}`,
  user: admin.user,
  now,
});

export const billLineIntent = (form: FormData, page: CheckOutPage) =>
  submitOnce(once(page, "billLine"), form, billLineForm, async (line) => {
    if (line.kind === "discount") assertMay(page.admin, "refunds");
    const added = await addBillLine(page.context.db, { ...line, staffEmail: page.admin.user.email }, page.now);
    return { kind: "success", title: billLineAddedTitle(added) };
  });

export const removeLineIntent = (form: FormData, page: CheckOutPage) =>
  submitOnce(once(page, "removeLine"), form, billLineRemovalForm, async ({ stayId, lineId }) => {
    const removed = await removeBillLine(page.context.db, { stayId, lineId, staffEmail: page.admin.user.email }, page.now);
    return { kind: "success", title: billLineRemovedTitle(removed) };
  });

export const groomLineIntent = (form: FormData, page: CheckOutPage) =>
  submitOnce(once(page, "groomLine"), form, groomBillForm, async ({ stayId, appointmentId }) => {
    const added = await addGroomToBill(page.context.db, { stayId, appointmentId, staffEmail: page.admin.user.email }, page.now);
    return { kind: "success", title: billLineAddedTitle(added) };
  });

/** The cat handed over: by the collector's pickup code, or by a manager's override with a reason. */
export const releaseIntent = (form: FormData, { context, admin, now }: CheckOutPage) =>
  submitForm(form, releaseForm, async (request) => {
    const staff = { userId: admin.user.id, email: admin.user.email, isAdmin: may(admin, "override") };
    if (request.method === "code") {
      const release = await releaseWithCode(context, { stayId: request.stayId, code: request.code, staff }, now);
      return { kind: "success", title: release.method === "code" ? `Released to ${release.collectedBy}` : "Released" };
    }
    // From the front desk, a manager beside them confirms with their PIN on this device (ADR 0196).
    const confirmedBy = staff.isAdmin ? null : await confirmOverride(context.db, request, now);
    const release = await releaseWithOverride(context.db, { stayId: request.stayId, reason: request.reason, staff, confirmedBy }, now);
    return {
      kind: "success",
      title: release.method === "override" && release.confirmedBy ? `Released by ${release.confirmedBy}'s override` : "Released by a manager's override",
    };
  });

/** The balance's card link, or the one e-mailed before while it is still open. */
export const balanceCardIntent = (form: FormData, { context, admin, now }: CheckOutPage) =>
  submitForm<typeof balanceCardForm, { balanceLink: BalanceLink }>(form, balanceCardForm, async ({ stayId }) => {
    const { url, qr, amountCents, mailed } = await startBalanceCheckout(
      context.db,
      context.payments,
      { stayId, staffEmail: admin.user.email },
      { siteUrl: context.env.PUBLIC_SITE_URL, now, logger: context.logger },
    );
    settleStaysInBackground(context);
    const title = mailed ? "Card payment link made and e-mailed to the customer" : "The card payment link e-mailed to the customer before, still open";
    return { kind: "success", title, balanceLink: { stayId, url, qr, amountCents } };
  });

export async function checkOutIntent(form: FormData, { context, admin, now, stayId }: CheckOutPage) {
  const reply = await submitForm(form, deskCheckOutForm, async ({ cats, reason, countsChecked }) => {
    await changeStayAtDesk(context.db, stayId, "checkOut", admin.user.email, {
      siteUrl: context.env.PUBLIC_SITE_URL,
      now,
      reason,
      handover: { cats, countsChecked, staffUserId: admin.user.id },
      // A weight that changed by 5 % or more raises its care alert, in the check-out's transaction (ADR 0164).
      afterCheckOut: raiseWeightAlertsAfterCheckOut,
    });
    return { kind: "success", title: "Checked out; the receipt is e-mailed to the customer" };
  });
  settleStaysInBackground(context);
  return reply;
}
