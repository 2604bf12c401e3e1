import { Link } from "react-router";

export function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-brand-50 p-8">
      <div className="text-center">
        <h1 className="mb-4 text-6xl font-bold">404</h1>
        <p className="mb-6 text-xl text-muted">Oops! Page not found</p>
        <Link to="/" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
