import { Link } from "react-router";
import { customerViews } from "@server/appointments/customer-views";
import { listCustomerTrips } from "@server/appointments/appointments";
import { Button } from "~/components/ui/button";
import { business } from "~/content/business";
import { StatusBadge } from "~/features/appointments/status-badge";
import type { AppointmentView } from "~/features/appointments/view";
import { noindexMeta } from "~/features/seo/seo";
import { CustomerPage } from "~/components/customer-page";
import type { Route } from "./+types/trips";

export const meta: Route.MetaFunction = () => noindexMeta(`My Trips | ${business.name}`);

export const loader = ({ request, context }: Route.LoaderArgs) => customerViews(request, context, listCustomerTrips);

function TripList({ title, trips }: { title: string; trips: AppointmentView[] }) {
  const id = `${title.toLowerCase()}-trips`;
  return (
    <section className="mt-8" aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-2xl">
        {title}
      </h2>
      {trips.length === 0 ? (
        <p className="text-muted">No {title.toLowerCase()} stays.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {trips.map((t) => (
            <li key={t.id} className="rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)]">
              <div className="flex items-start justify-between gap-3">
                <p className="font-display text-xl text-brand-900">{t.serviceTitle}</p>
                <StatusBadge status={t.status} />
              </div>
              {t.catNames ? <p className="text-muted">{t.catNames}</p> : null}
              <p className="mt-3">
                <span className="font-bold">Check-in:</span> {t.date} at {t.time}
              </p>
              <p>
                <span className="font-bold">Check-out:</span> {t.endDate} at {t.endTime}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function TripsPage({ loaderData }: Route.ComponentProps) {
  const empty = loaderData.signedIn && loaderData.upcoming.length === 0 && loaderData.past.length === 0;
  return (
    <CustomerPage>
      <h1 className="text-3xl sm:text-4xl">My Trips</h1>
      {!loaderData.signedIn ? (
        <section className="mt-8 rounded-[var(--radius-card)] bg-white p-8 text-center shadow-[var(--shadow-card)]">
          <h2 className="text-2xl">Sign in to see your trips</h2>
          <Button asChild className="mt-6">
            <Link to="/auth?redirectTo=/trips">Sign In or Join</Link>
          </Button>
        </section>
      ) : empty ? (
        <p className="mt-6 text-lg text-muted">Your upcoming and past reservations will appear here.</p>
      ) : (
        <>
          <TripList title="Upcoming" trips={loaderData.upcoming} />
          <TripList title="Past" trips={loaderData.past} />
        </>
      )}
    </CustomerPage>
  );
}
