import { Link } from "react-router";
import { requireUser } from "@server/auth/guards.server";
import { careLog } from "@server/care/care";
import { mapRefusals } from "@server/http/refusals";
import { CustomerPage } from "~/components/customer-page";
import { business } from "~/content/business";
import { CareLogDays } from "~/features/care/care-log";
import { noindexMeta } from "~/features/seo/seo";
import { formatCalendarDayWeekday } from "~/lib/business-time";
import type { Route } from "./+types/trips.$stayId";

export const meta: Route.MetaFunction = () => noindexMeta(`Your stay | ${business.name}`);

/** One of the household's stays and its care log; another household's stay is the same 404 as an unknown one. */
export const loader = mapRefusals(async ({ request, context, params }: Route.LoaderArgs) => {
  const { user } = await requireUser(request, context);
  // The household's own page: staff read a stay's log from the staff pages.
  return careLog(context.db, { userId: user.id, isStaff: false }, params.stayId, context.clock.now());
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
        <CareLogDays
          days={days}
          manyCats={stay.catNames.length > 1}
          emptyText="Nothing is logged yet. During the stay our team logs each meal, each dose of medication and each litter check here, with the time and who did it."
        />
      </section>
    </CustomerPage>
  );
}
