import { Form, Link, data } from "react-router";
import { requirePermission } from "@server/auth/guards.server";
import { loadSiteContent } from "@server/content/content";
import { formDataOf } from "@server/http/form-action";
import { formToken, submitOnce } from "@server/http/form-once";
import { mapRefusals } from "@server/http/refusals";
import { simulatedTexts } from "@server/telephony/simulated-provider";
import { twilioConfigured } from "@server/telephony/telephony";
import { conversationKeyOf, normalizedSender, receiveText, senderOf } from "@server/texts/texts";
import { ActionNotice } from "~/components/action-notice";
import { FormToken } from "~/components/form-token";
import { Button } from "~/components/ui/button";
import { textareaClass } from "~/components/ui/field";
import { Input, Label } from "~/components/ui/input";
import { REPLY_MAX_LENGTH, simulateReplyForm } from "~/features/texts/schema";
import { formatBusinessDateTime } from "~/lib/business-time";
import { formatUsPhone } from "~/lib/phone";
import type { Route } from "./+types/messages.simulated";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Texts sent (simulated)");

/** Only while Twilio is not configured: the simulated provider's record is all there is of the texts. */
function requireSimulated(context: Route.LoaderArgs["context"]) {
  if (twilioConfigured(context.env)) throw data(null, { status: 404 });
}

/**
 * The simulated provider's texts (ADR 0191): what the site would have texted, newest first, each with
 * "Simulate a reply", which delivers an answer from that number as Twilio's webhook would, so the
 * inbox, the stay's page and the keywords work end to end without Twilio.
 */
export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  await requirePermission(request, context, "messages");
  requireSimulated(context);
  return { texts: await simulatedTexts(context.db), formToken: formToken() };
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const { user } = await requirePermission(request, context, "messages");
  requireSimulated(context);
  const db = context.db;
  const now = context.clock.now();
  return submitOnce({ db, form: "/admin/messages/simulated", user, now }, await formDataOf(request), simulateReplyForm, async ({ from, body }) => {
    await receiveText(
      { db, business: async () => (await loadSiteContent(db)).business },
      { messageSid: `SM${globalThis.crypto.randomUUID().replaceAll("-", "")}`, from, to: context.env.TWILIO_FROM_NUMBER ?? context.env.BUSINESS_PHONE, body },
      now,
    );
    const sender = await senderOf(db, normalizedSender(from));
    return {
      kind: "success",
      title: "Reply delivered",
      description: `It is in Messages${sender.name ? `, from ${sender.name}` : ""}.`,
      conversation: conversationKeyOf({ householdId: sender.householdId, fromPhone: normalizedSender(from) }),
    };
  });
});

const shownPhone = (phone: string) => (/^\+1\d{10}$/.test(phone) ? formatUsPhone(phone) : phone);

export default function SimulatedTexts({ loaderData, actionData }: Route.ComponentProps) {
  const { texts, formToken } = loaderData;
  const conversation = actionData && "conversation" in actionData ? (actionData.conversation as string) : null;
  return (
    <div>
      <p className="mb-2">
        <Link to="/admin/messages" className="font-semibold text-brand-700 underline underline-offset-4">
          Messages
        </Link>
      </p>
      <h1 className="text-3xl">Texts sent (simulated)</h1>
      <p className="mt-2 text-muted">
        Twilio is not configured: texts are recorded here instead of being sent. "Simulate a reply" delivers an answer from that number, as Twilio would.
      </p>
      <ActionNotice className="mt-4" />
      {conversation ? (
        <p className="mt-3">
          <Link to={`/admin/messages?c=${encodeURIComponent(conversation)}`} className="font-semibold text-brand-700 underline underline-offset-4">
            Open the conversation
          </Link>
        </p>
      ) : null}
      <Form method="post" className="mt-6 grid gap-2 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6" aria-labelledby="reply-any">
        <h2 id="reply-any" className="text-xl">
          Simulate a reply from any number
        </h2>
        <FormToken token={formToken} />
        <Label htmlFor="reply-any-from">From (a mobile number)</Label>
        <Input id="reply-any-from" name="from" type="tel" required maxLength={64} autoComplete="off" />
        <Label htmlFor="reply-any-body">Text</Label>
        <textarea id="reply-any-body" name="body" required maxLength={REPLY_MAX_LENGTH} className={textareaClass} />
        <Button type="submit" size="compact" className="justify-self-start">
          Deliver the reply
        </Button>
      </Form>
      {texts.length === 0 ? (
        <p className="mt-8 rounded-[var(--radius-card)] bg-white p-8 text-center text-muted shadow-[var(--shadow-card)]">No texts yet.</p>
      ) : (
        <ol className="mt-6 grid gap-3" aria-label="Texts sent">
          {texts.map((t) => (
            <li key={t.id} className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)]">
              <p className="flex flex-wrap justify-between gap-2 text-sm text-muted">
                <span>
                  To <span className="font-semibold text-ink">{shownPhone(t.to)}</span>
                </span>
                <span>{formatBusinessDateTime(t.at)}</span>
              </p>
              <p className="mt-1 break-words whitespace-pre-line">{t.body}</p>
              <details className="mt-2">
                <summary className="cursor-pointer text-sm font-semibold text-brand-700">Simulate a reply</summary>
                <Form method="post" className="mt-2 grid gap-2">
                  <input type="hidden" name="from" value={t.to} />
                  <FormToken token={formToken} />
                  <Label htmlFor={`reply-${t.id}`}>Reply from {shownPhone(t.to)}</Label>
                  <textarea id={`reply-${t.id}`} name="body" required maxLength={REPLY_MAX_LENGTH} className={textareaClass} />
                  <Button type="submit" size="compact" className="justify-self-start">
                    Deliver the reply
                  </Button>
                </Form>
              </details>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
