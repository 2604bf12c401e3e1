import { useRouteError } from "react-router";
import { ErrorView } from "~/components/error-view";

/**
 * Every admin page re-exports this as its ErrorBoundary: a failure in one page shows inside the
 * admin layout (header and menu kept), so staff can move on to another page. It reads the error with
 * `useRouteError()`, not from its props: the browser build passes props only to an ErrorBoundary the
 * route module declares itself, not to one it re-exports, so after hydration a refusal lost its words
 * and read "Something went wrong".
 */
export function AdminErrorBoundary() {
  return <ErrorView error={useRouteError()} backTo="/admin" backLabel="Back to the dashboard" />;
}
