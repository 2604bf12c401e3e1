import { Outlet } from "react-router";
import { CustomerPage } from "~/components/customer-page";
import { ErrorView } from "~/components/error-view";

/** The signed-in customer's pages (account, appointments, trips, cats): one error boundary for the area. */
export default function CustomerLayout() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return (
    <CustomerPage>
      <ErrorView error={error} backTo="/account" backLabel="Your account" />
    </CustomerPage>
  );
}
