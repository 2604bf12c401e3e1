import { requireAdmin } from "@server/auth/guards.server";
import { Link } from "react-router";
import { useAuth } from "~/features/auth/auth-provider";
import type { Route } from "./+types/dashboard";
import { adminMeta } from "./shared";

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

const TILES = [
  {
    to: "/admin/bookings",
    title: "Bookings",
    text: "Stays, grooming appointments and callback requests.",
    icon: "M8 2v3M16 2v3M3 9h18M5 5h14a2 2 0 012 2v12a2 2 0 01-2 2H5a2 2 0 01-2-2V7a2 2 0 012-2z",
  },
  {
    to: "/admin/content",
    title: "Content",
    text: "The website's pages and the WordPress connection.",
    icon: "M4 4h16v16H4zM8 8h8M8 12h8M8 16h5",
  },
  {
    to: "/admin/analytics",
    title: "Analytics",
    text: "Visits, sign-ups and bookings over time.",
    icon: "M4 20V10M10 20V4M16 20v-7M22 20H2",
  },
] as const;

export default function AdminDashboard() {
  const { user } = useAuth();
  return (
    <>
      <h1 className="text-3xl break-words sm:text-4xl">Welcome, {user?.email ?? "Admin"}</h1>
      <p className="mt-2 text-muted">Run the hotel from here.</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {TILES.map((tile) => (
          <li key={tile.to}>
            <Link
              to={tile.to}
              className="group flex h-full flex-col rounded-[var(--radius-card)] border border-brand-100 bg-white p-6 shadow-[var(--shadow-card)] transition hover:-translate-y-0.5 hover:border-brand-300 motion-reduce:transition-none"
            >
              <span aria-hidden="true" className="mb-4 flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 group-hover:bg-brand-700 group-hover:text-white">
                <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                  <path d={tile.icon} />
                </svg>
              </span>
              <h2 className="text-xl">{tile.title}</h2>
              <p className="mt-1 text-sm text-muted">{tile.text}</p>
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="admin-tools" className="mt-10">
        <h2 id="admin-tools" className="text-2xl">Testing tools</h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          <li>
            <Link to="/admin/integrations" className="block rounded-xl border border-brand-100 bg-white px-4 py-3 font-bold text-brand-800 hover:border-brand-300">
              WordPress API Testing
              <span className="block text-sm font-normal text-muted">Connection settings, settings validator and the 33 REST API tests.</span>
            </Link>
          </li>
          <li>
            <Link to="/admin-backup" className="block rounded-xl border border-brand-100 bg-white px-4 py-3 font-bold text-brand-800 hover:border-brand-300">
              Testing Dashboard
              <span className="block text-sm font-normal text-muted">Sign-in status, authentication tests and database-save checks.</span>
            </Link>
          </li>
        </ul>
      </section>
    </>
  );
}
