import { Link } from "react-router";
import type { StayTextView } from "~/domain/stay-texts";
import { formatBusinessDateTime } from "~/lib/business-time";
import { formatUsPhone } from "~/lib/phone";

const shownPhone = (phone: string) => (/^\+1\d{10}$/.test(phone) ? formatUsPhone(phone) : phone);

/** "Message from Ana Ruiz": each text with when it came, whether it waits for an answer, and the way to answer it. */
export function StayTexts({ texts, title, emptyText }: { texts: StayTextView[]; title: string; emptyText?: string }) {
  if (texts.length === 0 && !emptyText) return null;
  return (
    <section className="mt-6" aria-labelledby="stay-texts">
      <h2 id="stay-texts" className="text-2xl">
        {title}
      </h2>
      {texts.length === 0 ? <p className="mt-2 text-muted">{emptyText}</p> : null}
      <ul className="mt-2 grid gap-3">
        {texts.map((t) => (
          <li
            key={t.id}
            className={
              t.alerted && !t.answered
                ? "rounded-[var(--radius-card)] border-2 border-amber-500 bg-amber-50 p-4"
                : "rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)]"
            }
          >
            <p className="font-bold text-brand-900">Message from {t.from ?? shownPhone(t.phone)}</p>
            <p className="mt-1 break-words whitespace-pre-line">{t.body}</p>
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
              <span>{formatBusinessDateTime(t.receivedAt)}</span>
              {t.answered ? (
                <span className="font-semibold text-brand-800">Answered</span>
              ) : t.alerted ? (
                <span className="font-bold text-amber-900">Unanswered for over 30 minutes</span>
              ) : (
                <span className="font-semibold">Waiting for an answer</span>
              )}
              <Link to={`/admin/messages?c=${encodeURIComponent(t.conversation)}`} className="font-semibold text-brand-700 underline underline-offset-4">
                {t.answered ? "Open the conversation" : "Answer"}
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
