import { Link } from "react-router";
import { requireUser } from "@server/auth/guards.server";
import { careLog } from "@server/care/care";
import { mapRefusals } from "@server/http/refusals";
import { CustomerPage } from "~/components/customer-page";
import { business } from "~/content/business";
import { entryText } from "~/features/care/wording";
import { noindexMeta } from "~/features/seo/seo";
import { formatCalendarDay, formatCalendarDayWeekday } from "~/lib/business-time";
import type { Route } from "./+types/trips.$stayId";

export const meta: Route.MetaFunction = () => noindexMeta(`Your stay | ${business.name}`);

/** One of the household's stays and its care log; another household's stay is the same 404 as an unknown one. */
export const loader = mapRefusals(async ({ request, context, params }: Route.LoaderArgs) => {
  const { user } = await requireUser(request, context);
  // The household's own page: staff read a stay's log from the staff pages.
  return careLog(context.db, { userId: user.id, isStaff: false }, params.stayId);
});

export default function TripPage({ loaderData: { stay, days } }: Route.ComponentProps) {
  return (
    <CustomerPage>
      <p className="mb-2">
        <Link to="/trips" className="font-semibold text-brand-700 underline underline-offset-4">
          My Trips
        </Link>
      </p>
      <h1 className="text-3xl sm:text-4xl">{stay.catNames.length > 0 ? `${stay.catNames.join(" and ")}'s stay` : "Your stay"}</h1>
      <p className="text-muted">
        {formatCalendarDayWeekday(stay.checkIn)} – {formatCalendarDayWeekday(stay.checkOut)}
      </p>
      <section className="mt-8" aria-labelledby="care-log">
        <h2 id="care-log" className="text-2xl">
          Care log
        </h2>
        {days.length === 0 ? (
          <p className="mt-2 rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)]">
            Nothing is logged yet. During the stay our team logs each meal, each dose of medication and each litter check here, with the time and who did it.
          </p>
        ) : (
          days.map(({ day, entries }) => (
            <section
              key={day}
              className="mt-4 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6"
              aria-label={formatCalendarDay(day)}
            >
              <h3 className="font-display text-xl text-brand-900">{formatCalendarDay(day)}</h3>
              <ul className="mt-2 grid gap-2">
                {entries.map((e) => (
                  <li key={e.id} className="grid grid-cols-[5.5rem_1fr] gap-2">
                    <span className="font-semibold">{e.time}</span>
                    <span>
                      {stay.catNames.length > 1 ? `${e.catName}: ` : ""}
                      {entryText(e)}
                      <span className="text-muted"> · {e.initials}</span>
                      {e.isCorrection ? <span className="text-muted"> (corrected)</span> : null}
                      {e.photo ? (
                        <img
                          {...e.photo}
                          alt={`${e.catName}, ${e.time}${e.remark ? `: ${e.remark}` : ""}`}
                          loading="lazy"
                          className="mt-2 h-auto w-full max-w-[480px] rounded-xl"
                        />
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </section>
    </CustomerPage>
  );
}
