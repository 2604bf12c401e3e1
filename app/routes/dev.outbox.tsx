import { readOutbox } from "@server/mail/mailer";
import { mapRefusals } from "@server/http/refusals";
import { data } from "react-router";
import { business } from "~/content/business";
import { AuthShell } from "~/features/auth/auth-shell";
import { formatBusinessLongDateTime } from "~/lib/business-time";
import type { Route } from "./+types/dev.outbox";

export const meta: Route.MetaFunction = () => [{ title: `Local outbox (development) | ${business.name}` }, { name: "robots", content: "noindex, nofollow" }];

/** Exists only in development without SMTP_URL: where the mails went instead of being sent. */
export const loader = mapRefusals(async ({ context }: Route.LoaderArgs) => {
  if (context.env.isProduction || context.env.SMTP_URL) throw data(null, { status: 404 });
  return { mails: await readOutbox(context.env) };
});

const linksIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { mails } = loaderData;
  return (
    <AuthShell wide>
      <h1 className="text-3xl">Local outbox</h1>
      <p className="mt-2 text-muted">
        Development only: without <code className="rounded bg-brand-50 px-1">SMTP_URL</code> e-mails are kept here instead of being sent. Newest first; reload
        after asking for a sign-in link.
      </p>
      {mails.length === 0 ? (
        <p className="mt-8 rounded-[var(--radius-card)] bg-white p-8 text-center text-muted shadow-[var(--shadow-card)]">No mail yet.</p>
      ) : (
        <ol className="mt-8 space-y-4">
          {mails.map((mail) => (
            <li key={mail.id} className="rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] sm:p-6">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg">{mail.subject}</h2>
                <span className="text-sm text-muted">{formatBusinessLongDateTime(new Date(mail.createdAt))}</span>
              </div>
              <p className="text-sm text-muted">To: {mail.to}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                {linksIn(mail.text)
                  .filter((link) => link.includes("/auth/verify"))
                  .map((link) => (
                    <a
                      key={link}
                      href={link}
                      className="rounded-full bg-accent-500 px-4 py-2 text-sm font-bold text-brand-950 hover:bg-accent-600 hover:text-white"
                    >
                      Open the sign-in link
                    </a>
                  ))}
              </div>
              <details className="mt-3">
                <summary className="cursor-pointer text-sm font-semibold text-brand-700">Show the message</summary>
                <pre className="mt-2 overflow-x-auto rounded-xl bg-brand-50 p-4 text-sm whitespace-pre-wrap">{mail.text}</pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </AuthShell>
  );
}
