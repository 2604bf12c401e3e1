import { requirePermission } from "@server/auth/guards.server";
import { loadEditableContent } from "@server/content/content";
import { type ReadinessItem, launchReadiness } from "@server/content/launch-readiness";
import { mapRefusals } from "@server/http/refusals";
import { Link } from "react-router";
import { Badge, Notice, Panel } from "~/components/ui/panel";
import { useAuth } from "~/features/auth/auth-provider";
import { ROUTE_PERMISSIONS } from "~/domain/roles";
import type { Route } from "./+types/dashboard";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  await requirePermission(request, context, "desk");
  return { readiness: launchReadiness(await loadEditableContent(context.db)) };
});

const TILES = [
  {
    to: "/admin/bookings",
    title: "Bookings",
    text: "Appointments, grooms among them, and the change requests customers are waiting on.",
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

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { user, permissions } = useAuth();
  return (
    <>
      <h1 className="text-3xl break-words sm:text-4xl">Welcome, {user?.email ?? "Admin"}</h1>
      <p className="mt-2 text-muted">Run the hotel from here.</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {TILES.filter((tile) => permissions.includes(ROUTE_PERMISSIONS[tile.to]!)).map((tile) => (
          <li key={tile.to}>
            <Link
              to={tile.to}
              className="group flex h-full flex-col rounded-[var(--radius-card)] border border-brand-100 bg-white p-6 shadow-[var(--shadow-card)] transition hover:-translate-y-0.5 hover:border-brand-300 motion-reduce:transition-none"
            >
              <span
                aria-hidden="true"
                className="mb-4 flex h-12 w-12 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 group-hover:bg-brand-700 group-hover:text-white"
              >
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
      {permissions.includes("content") ? <OwnerTools readiness={loaderData.readiness} /> : null}
    </>
  );
}

/** The launch's placeholders and the testing tools: the content's and the WordPress connection's, an Owner's. */
function OwnerTools({ readiness }: { readiness: ReadinessItem[] }) {
  return (
    <>
      <LaunchReadiness items={readiness} />
      <section aria-labelledby="admin-tools" className="mt-10">
        <h2 id="admin-tools" className="text-2xl">
          Testing tools
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          <li>
            <Link
              to="/admin/integrations"
              className="block rounded-xl border border-brand-100 bg-white px-4 py-3 font-bold text-brand-800 hover:border-brand-300"
            >
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

/** What visitors would still see of the sample content, each with a link to where it is replaced. */
function LaunchReadiness({ items }: { items: ReadinessItem[] }) {
  const ready = items.length === 0;
  return (
    <Panel
      title="Launch readiness"
      aria-label="Launch readiness"
      className="mt-10"
      description="Placeholders from the sample content that the public pages still show."
      actions={<Badge tone={ready ? "success" : "warning"}>{ready ? "Ready" : `${items.length} left`}</Badge>}
    >
      {ready ? (
        <Notice tone="success">
          <p className="text-base font-bold">Ready for launch</p>
          <p className="mt-1">Every placeholder has been replaced: the public pages show only the hotel&apos;s own details.</p>
        </Notice>
      ) : (
        <>
          <Notice tone="warning">
            {items.length === 1 ? "1 placeholder still shows" : `${items.length} placeholders still show`} on the public pages. Replace each before launch; this
            list updates as you publish.
          </Notice>
          <ul aria-label="Placeholders still shown" className="mt-4 divide-y divide-brand-50">
            {items.map((item) => (
              <li key={item.key} className="flex flex-col gap-0.5 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                <Link to={item.href} className="font-bold text-brand-800 underline decoration-brand-200 underline-offset-4 hover:decoration-brand-700">
                  {item.label}
                </Link>
                <span className="min-w-0 text-sm break-words text-muted sm:text-right">{item.shown}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
