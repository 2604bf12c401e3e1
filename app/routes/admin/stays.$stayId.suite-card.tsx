import { Link } from "react-router";
import { requirePermission } from "@server/auth/guards.server";
import { mapRefusals } from "@server/http/refusals";
import { qrCodeImage } from "@server/payments/balance";
import { suiteCards } from "@server/stays/handovers";
import { Button } from "~/components/ui/button";
import { staffCatPath } from "~/domain/handover";
import { formatCalendarDayWeekday } from "~/lib/business-time";
import type { Route } from "./+types/stays.$stayId.suite-card";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Suite card");

export const loader = mapRefusals(async ({ request, params, context }: Route.LoaderArgs) => {
  await requirePermission(request, context, "desk");
  const cards = await suiteCards(context.db, params.stayId);
  // Each card's QR code opens the cat on the staff's page of the stay.
  const qrs = await Promise.all(cards.cats.map((c) => qrCodeImage(`${context.env.PUBLIC_SITE_URL}${staffCatPath(cards.stay.id, c.catId)}`)));
  return { ...cards, cats: cards.cats.map((c, i) => ({ ...c, qr: qrs[i]! })) };
});

/** Printed: the admin menu and the buttons go, and each cat's card takes a page of its own. */
const PRINT_CSS = `@media print {
  header, [data-print="hide"] { display: none !important; }
  body, .min-h-dvh { background: white !important; }
  .suite-card { break-after: page; box-shadow: none !important; border-color: #000 !important; }
}`;

export default function SuiteCardPage({ loaderData: data }: Route.ComponentProps) {
  const { stay } = data;
  const dates = `${formatCalendarDayWeekday(stay.checkIn)} – ${formatCalendarDayWeekday(stay.checkOut)}`;
  return (
    <div className="grid grid-cols-1 gap-6">
      <style>{PRINT_CSS}</style>
      <div data-print="hide" className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="mb-2">
            <Link to={`/admin/stays/${stay.id}/check-in`} className="font-semibold text-brand-700 underline underline-offset-4">
              ← Check-in
            </Link>
          </p>
          <h1 className="text-3xl">Suite card</h1>
        </div>
        <Button type="button" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      {data.cats.map((cat) => (
        <article
          key={cat.catId}
          aria-labelledby={`card-${cat.catId}`}
          className="suite-card grid gap-4 rounded-[var(--radius-card)] border-2 border-brand-200 bg-white p-4 shadow-[var(--shadow-card)] sm:grid-cols-[auto_1fr_auto] sm:p-6"
        >
          {cat.photo ? (
            <img {...cat.photo} alt={cat.name} className="h-32 w-32 rounded-3xl object-cover sm:h-40 sm:w-40" />
          ) : (
            <div className="flex h-32 w-32 items-center justify-center rounded-3xl bg-brand-50 text-sm text-muted sm:h-40 sm:w-40">No photo</div>
          )}
          <div className="grid content-start gap-2">
            <h2 id={`card-${cat.catId}`} className="text-3xl">
              {cat.name}
            </h2>
            <p className="text-lg font-semibold">
              {cat.suite} · {dates}
            </p>
            <dl className="grid gap-2">
              <div>
                <dt className="font-bold">Feeding</dt>
                <dd>{cat.feeding || "As the hotel feeds"}</dd>
              </div>
              <div>
                <dt className="font-bold">Medication</dt>
                <dd>
                  {cat.medications.length > 0 ? (
                    <ul>
                      {cat.medications.map((m) => (
                        <li key={m.name}>
                          {m.name}: {m.times}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    "None"
                  )}
                </dd>
              </div>
              <div>
                <dt className="font-bold">Alerts</dt>
                <dd>
                  {cat.alerts.length > 0 ? (
                    <ul className="font-semibold text-red-800">
                      {cat.alerts.map((a) => (
                        <li key={a}>{a}</li>
                      ))}
                    </ul>
                  ) : (
                    "None"
                  )}
                </dd>
              </div>
            </dl>
          </div>
          <img src={cat.qr} alt={`QR code: ${cat.name} on the staff's page of the stay`} width={140} height={140} className="justify-self-start" />
        </article>
      ))}
    </div>
  );
}
