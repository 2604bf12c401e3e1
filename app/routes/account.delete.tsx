import { getFormProps } from "@conform-to/react";
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { requireUser } from "@server/auth/guards.server";
import { clearedSessionCookies } from "@server/auth/cookies";
import { loadSiteContent } from "@server/content/content";
import { formDataOf, submitForm } from "@server/http/form-action";
import { inTransaction } from "@server/db/transaction";
import type { MailMessage } from "@server/mail/mailer";
import { queueMail, sendMailNow, withdrawMail } from "@server/mail/queue";
import { accountDeletedMail } from "@server/messages/catalogue";
import { deleteAccount, deletionSummary } from "@server/privacy/erase";
import { mapRefusals } from "@server/http/refusals";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { business } from "~/content/business";
import { DELETE_CONFIRMATION_WORD, deleteAccountForm } from "~/features/account/schema";
import { AuthCard, AuthShell } from "~/features/auth/auth-shell";
import { noindexMeta } from "~/features/seo/seo";
import { type FormReply, useZodForm } from "~/lib/forms";
import type { Route } from "./+types/account.delete";

export const meta: Route.MetaFunction = () => noindexMeta(`Delete your account | ${business.name}`);

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const { user, isStaff } = await requireUser(request, context);
  return { email: user.email, isStaff, summary: await deletionSummary(context.db, user.id) };
});

/**
 * Deletes the account (ADR 0124), signs this browser out and shows the confirmation page. The
 * other browsers' sessions are gone with the account; the mail says what was erased and kept.
 */
export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const { user } = await requireUser(request, context);
  const now = context.clock.now();
  const { business: published } = await loadSiteContent(context.db, context.logger);
  let deleted: { mail: MailMessage; queued: string | null } | undefined;
  const reply = await submitForm(
    await formDataOf(request),
    deleteAccountForm,
    async () => {
      // The mail is queued in the deletion's transaction, sent at once and then forgotten: nothing of the
      // erased account is kept, not even this mail's address.
      deleted = await inTransaction(context.db, async (tx) => {
        const { email } = await deleteAccount(tx, user.id);
        const mail = accountDeletedMail({ to: email, business: published, siteUrl: context.env.PUBLIC_SITE_URL });
        return { mail, queued: await queueMail(tx, { dedupeKey: `account-deleted:${user.id}`, message: mail, sendNow: true }, now) };
      });
    },
    { errorTitle: "Your account was not deleted" },
  );
  if (!deleted) return reply;
  context.logger.info({ userId: user.id }, "account deleted by its owner");
  // If the mail fails, the deletion stands; the page says the same as the mail would have.
  const { mail, queued } = deleted;
  const sent = queued ? await sendMailNow(context, queued, mail, now, { forgetWhenSent: true }) : null;
  if (queued && !sent?.ok) {
    context.logger.error({ err: sent?.error }, "could not send the account-deleted mail");
    await withdrawMail(context.db, queued);
  }
  const headers = new Headers();
  for (const cookie of clearedSessionCookies(context.env)) headers.append("Set-Cookie", cookie);
  return redirect("/account/deleted", { headers });
});

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function DeleteAccountPage({ loaderData }: Route.ComponentProps) {
  const { email, isStaff, summary } = loaderData;
  const reply = useActionData<FormReply>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(deleteAccountForm, { id: "delete-account", lastResult: reply?.result });
  const busy = navigation.state === "submitting";
  return (
    <AuthShell wide>
      <AuthCard>
        <p className="mb-2">
          <Link to="/account" className="font-semibold text-brand-700 underline underline-offset-4">
            ← Your account
          </Link>
        </p>
        <h1 className="text-3xl">Delete your account</h1>
        <p className="mt-3">
          This deletes the account <strong className="break-all">{email}</strong> for good. It can't be undone; you are signed out everywhere.
        </p>
        <h2 className="mt-6 text-xl">What is erased</h2>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          <li>Your household: name, phone numbers, address, emergency contact and vet.</li>
          <li>
            {plural(summary.cats, "cat", "cats")} with {summary.cats === 1 ? "its" : "their"} photos, and{" "}
            {plural(summary.vaccineRecords, "vaccine record", "vaccine records")} with{" "}
            {summary.vaccineRecords === 1 ? "its uploaded document" : "their uploaded documents"}.
          </li>
          <li>Your sign-in sessions, and the callback, voucher and newsletter requests sent with your e-mail address or your verified mobile number.</li>
        </ul>
        <h2 className="mt-6 text-xl">What we keep</h2>
        <p className="mt-2">
          {summary.appointments > 0
            ? `The record of your ${plural(summary.appointments, "appointment", "appointments")} (service, dates and status) for our books, without your name, e-mail address, phone number, cats' names or notes.`
            : "Nothing: you have no appointments with us. If you had, we would keep their service, dates and status for our books, without anything that says who you are."}
        </p>
        <p className="mt-4 text-muted">
          Want a copy first?{" "}
          <a href="/account/export" download className="font-semibold text-brand-700 underline underline-offset-4">
            Download your data
          </a>
          .
        </p>
        {isStaff ? (
          <p role="note" className="mt-6 rounded-xl bg-accent-100 px-4 py-3 font-semibold text-brand-950">
            This is a team account: ask an Owner to remove you from the team before deleting it.
          </p>
        ) : null}
        {/* A full page load: the browser is signed out, and every part of the site sees it. */}
        <Form method="post" reloadDocument className="mt-6 grid gap-4 rounded-2xl border-2 border-red-200 p-4" {...getFormProps(form)}>
          <Field
            label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
            field={fields.confirmation}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <FormError id={form.errorId} errors={form.errors} />
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? "Deleting..." : "Delete my account"}
            </Button>
            <Button asChild variant="outline">
              <Link to="/account">Keep my account</Link>
            </Button>
          </div>
        </Form>
      </AuthCard>
    </AuthShell>
  );
}
