import { requirePermission } from "@server/auth/guards.server";
import { mapRefusals } from "@server/http/refusals";
import { WordPressDashboard } from "~/features/wordpress/wordpress-dashboard";
import type { Route } from "./+types/integrations";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("WordPress API Testing");

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  await requirePermission(request, context, "content");
  return null;
});

export default function AdminIntegrations() {
  return <WordPressDashboard />;
}
