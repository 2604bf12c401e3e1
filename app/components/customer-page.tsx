import { Link } from "react-router";
import { business } from "~/content/business";

/** The frame of a customer's own page (appointments, trips, and their error page): a way back to the site, then the page. */
export function CustomerPage({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="mx-auto min-h-screen max-w-5xl px-4 py-10 sm:px-6">
      <p className="mb-2">
        <Link to="/" className="font-semibold text-brand-700 underline underline-offset-4">
          ← {business.name}
        </Link>
      </p>
      {children}
    </main>
  );
}
