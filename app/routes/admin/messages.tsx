import { getFormProps } from "@conform-to/react";
import { useEffect } from "react";
import { Form, Link, useFetcher } from "react-router";
import { requirePermission } from "@server/auth/guards.server";
import { formDataOf, submitForm, unknownIntent } from "@server/http/form-action";
import { mapRefusals } from "@server/http/refusals";
import { twilioConfigured } from "@server/telephony/telephony";
import {
  type Conversation,
  type ConversationSummary,
  conversations,
  markConversationDone,
  markConversationRead,
  openConversation,
  replyToConversation,
} from "@server/texts/texts";
import { ActionNotice } from "~/components/action-notice";
import { Button } from "~/components/ui/button";
import { FormError, TextareaField } from "~/components/ui/field";
import { REPLY_MAX_LENGTH, doneForm, readForm, replyForm } from "~/features/texts/schema";
import { formatBusinessDateTime, formatBusinessLongDateTime } from "~/lib/business-time";
import { cn } from "~/lib/cn";
import { type FormReply, useNotice, useZodForm } from "~/lib/forms";
import { formatUsPhone } from "~/lib/phone";
import type { Route } from "./+types/messages";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Messages");

/** A number as the desk reads it: (949) 555-0100 for a US number, as it came otherwise. */
const shownPhone = (phone: string) => (/^\+1\d{10}$/.test(phone) ? formatUsPhone(phone) : phone);

/**
 * The desk's inbox of texts (ADR 0191): conversations by household, newest first, unknown numbers
 * apart; one opened (`?c=`) shows its texts both ways, with the answer box and "Mark done". Opening
 * one only reads: the page posts `read` once it shows unread texts (a loader never writes, ADR 0203).
 */
export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  await requirePermission(request, context, "messages");
  const key = new URL(request.url).searchParams.get("c");
  const conversation = key ? await openConversation(context.db, key) : null;
  const list = await conversations(context.db);
  return { ...list, conversation, replyKey: globalThis.crypto.randomUUID(), simulated: !twilioConfigured(context.env) };
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const { user } = await requirePermission(request, context, "messages");
  const form = await formDataOf(request);
  const staff = { userId: user.id, email: user.email };
  const intent = form.get("intent");
  if (intent === "reply") {
    return submitForm(form, replyForm, async (input) => {
      await replyToConversation(context.db, staff, input, context.clock.now());
      return { kind: "success", title: "Answer sent", description: "It goes out by text now." };
    });
  }
  if (intent === "read") {
    return submitForm(form, readForm, async ({ conversation }) => {
      await markConversationRead(context.db, conversation, context.clock.now());
    });
  }
  if (intent === "done") {
    return submitForm(form, doneForm, async ({ conversation }) => {
      await markConversationDone(context.db, staff, conversation, context.clock.now());
      return { kind: "success", title: "Marked done" };
    });
  }
  return unknownIntent();
});

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { known, unknown, conversation, replyKey, simulated } = loaderData;
  const none = known.length === 0 && unknown.length === 0;
  return (
    <div>
      <h1 className="text-3xl">Messages</h1>
      <p className="mt-2 text-muted">Texts owners send to the hotel's number, by household. Answers go out by text, signed with your account.</p>
      {simulated ? (
        <p className="mt-2 text-sm">
          Twilio is not configured: texts are simulated.{" "}
          <Link to="/admin/messages/simulated" className="font-semibold text-brand-700 underline underline-offset-4">
            Texts sent, and Simulate a reply
          </Link>
        </p>
      ) : null}
      <ActionNotice className="mt-4" />
      {none ? (
        <p className="mt-8 rounded-[var(--radius-card)] bg-white p-8 text-center text-muted shadow-[var(--shadow-card)]">No texts yet.</p>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          {conversation ? <ConversationView key={conversation.key} conversation={conversation} replyKey={replyKey} /> : null}
          <div className="grid content-start gap-6 lg:row-start-1">
            <ConversationList title="Households" items={known} current={conversation?.key} emptyText="No texts from a known household." />
            <ConversationList title="Unknown numbers" items={unknown} current={conversation?.key} emptyText="None." />
          </div>
        </div>
      )}
    </div>
  );
}

function ConversationList({ title, items, current, emptyText }: { title: string; items: ConversationSummary[]; current?: string; emptyText: string }) {
  const id = `list-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{emptyText}</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {items.map((c) => (
            <li key={c.key}>
              <Link
                to={`?c=${encodeURIComponent(c.key)}`}
                aria-current={c.key === current ? "page" : undefined}
                className={cn(
                  "block rounded-xl border bg-white p-3 hover:border-brand-400",
                  c.key === current ? "border-brand-700 ring-2 ring-brand-300" : "border-brand-100",
                )}
              >
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-bold text-brand-900">{c.name ?? shownPhone(c.phone)}</span>
                  {c.unread > 0 && c.key !== current ? (
                    <span className="shrink-0 rounded-full bg-accent-500 px-2 py-0.5 text-xs font-bold text-brand-950">{c.unread} unread</span>
                  ) : c.open === 0 ? (
                    <span className="shrink-0 text-xs font-semibold text-muted">Done</span>
                  ) : null}
                </span>
                <span className="mt-1 block truncate text-sm text-ink">{c.lastBody}</span>
                <span className="mt-1 block text-xs text-muted">
                  {formatBusinessDateTime(c.lastAt)}
                  {c.stayId ? " · in the hotel" : ""}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ConversationView({ conversation, replyKey }: { conversation: Conversation; replyKey: string }) {
  const title = conversation.name ?? shownPhone(conversation.replyTo);
  // Shown is read: the texts on screen leave the unread count (the list and the menu already leave them out).
  const reader = useFetcher({ key: "read" });
  const { key, unread } = conversation;
  const { submit } = reader;
  useEffect(() => {
    if (unread > 0) void submit({ intent: "read", conversation: key }, { method: "post" });
  }, [key, unread, submit]);
  return (
    <section aria-labelledby="conversation-title" className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6 lg:col-start-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="conversation-title" className="text-2xl break-words">
          {title}
        </h2>
        <Link to="/admin/messages" className="text-sm font-semibold text-brand-700 underline underline-offset-4">
          All conversations
        </Link>
      </div>
      <p className="text-sm text-muted">
        {shownPhone(conversation.replyTo)}
        {conversation.stayId ? (
          <>
            {" · "}
            <Link to={`/staff/stays/${conversation.stayId}`} className="font-semibold text-brand-700 underline underline-offset-4">
              The stay in the hotel
            </Link>
          </>
        ) : conversation.householdId ? (
          <>
            {" · "}
            <Link to={`/admin/customers/${conversation.householdId}`} className="font-semibold text-brand-700 underline underline-offset-4">
              The customer
            </Link>
          </>
        ) : null}
      </p>
      {conversation.optedOut ? (
        <p role="status" className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900">
          This number replied STOP on {formatBusinessLongDateTime(conversation.optedOut)}: no text reaches it until it replies START. Call or e-mail instead.
        </p>
      ) : null}
      <ol className="mt-4 grid gap-3" aria-label="Texts">
        {conversation.entries.map((e) => (
          <li key={e.id} className={cn("max-w-[85%] rounded-2xl px-4 py-3", e.direction === "in" ? "bg-brand-50 text-ink" : "ml-auto bg-brand-700 text-white")}>
            <p className="text-xs font-semibold opacity-80">
              {e.direction === "in" ? `From ${e.by ?? shownPhone(e.phone)}` : `${e.by ?? "Sent"} to ${shownPhone(e.phone)}`} · {formatBusinessDateTime(e.at)}
            </p>
            <p className="mt-1 break-words whitespace-pre-line">{e.body}</p>
            {e.notSent ? <p className="mt-1 text-xs font-bold">{e.notSent}</p> : null}
          </li>
        ))}
      </ol>
      <ReplyForm conversation={conversation.key} replyKey={replyKey} />
      {conversation.open > 0 ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="done" />
          <input type="hidden" name="conversation" value={conversation.key} />
          <Button type="submit" variant="outline">
            Mark done
          </Button>
        </Form>
      ) : (
        <p className="mt-3 text-sm font-semibold text-muted">Done: nothing here waits for an answer.</p>
      )}
    </section>
  );
}

/** The answer box: works as a plain POST before the script runs; a repeat of the same form sends once. */
function ReplyForm({ conversation, replyKey }: { conversation: string; replyKey: string }) {
  const fetcher = useFetcher<FormReply>({ key: "reply" });
  const [form, fields] = useZodForm(replyForm, { id: "reply", lastResult: fetcher.data?.result });
  useNotice(fetcher.data, () => form.reset(), { errorsShownInForm: true });
  return (
    <fetcher.Form method="post" className="mt-4 grid gap-3 border-t border-brand-100 pt-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="conversation" value={conversation} />
      <input type="hidden" name="replyKey" value={replyKey} />
      <TextareaField label="Answer" field={fields.body} maxLength={REPLY_MAX_LENGTH} required />
      <FormError errors={form.errors} />
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        Send the answer
      </Button>
    </fetcher.Form>
  );
}
