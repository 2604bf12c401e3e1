import { ErrorView } from "~/components/error-view";

/**
 * Every admin page re-exports this as its ErrorBoundary: a failure in one page shows inside the
 * admin layout (header and menu kept), so staff can move on to another page.
 */
export function AdminErrorBoundary({ error }: { error: unknown }) {
  return <ErrorView error={error} backTo="/admin" backLabel="Back to the dashboard" />;
}
