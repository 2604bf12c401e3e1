import { requireAdmin } from "@server/auth/guards.server";
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/coming-soon";
import { adminMeta, adminSectionLabel } from "./shared";

export const meta: Route.MetaFunction = ({ location }) => adminMeta(adminSectionLabel(location.pathname));

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

/** A placeholder for the admin sections whose contents are later issues (Bookings, Content, Analytics). */
export default function ComingSoon() {
  const title = adminSectionLabel(useLocation().pathname);
  return (
    <div className="rounded-[var(--radius-card)] bg-white p-8 text-center shadow-[var(--shadow-card)] sm:p-12">
      <h1 className="text-3xl">{title}</h1>
      <p className="mx-auto mt-3 max-w-md text-muted">This part of the admin area is coming soon.</p>
      <Link to="/admin" className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-4">
        Back to the dashboard
      </Link>
    </div>
  );
}
