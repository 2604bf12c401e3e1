import { Link, Outlet } from "react-router";
import { ErrorView } from "~/components/error-view";
import { business } from "~/content/business";

/** The signed-in customer's pages (account, appointments, trips, cats): one error boundary for the area. */
export default function CustomerLayout() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <main id="main" className="mx-auto min-h-screen max-w-5xl px-4 py-10 sm:px-6">
      <p className="mb-2">
        <Link to="/" className="font-semibold text-brand-700 underline underline-offset-4">
          ← {business.name}
        </Link>
      </p>
      <ErrorView error={error} backTo="/account" backLabel="Your account" />
    </main>
  );
}
