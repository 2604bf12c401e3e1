import { revenueReport } from "@server/analytics/revenue";
import { requirePermission } from "@server/auth/guards.server";
import { mapRefusals } from "@server/http/refusals";
import { revenueCsv, revenuePeriodFromSearchParams } from "~/domain/revenue";
import { businessDate } from "~/lib/business-time";
import type { Route } from "./+types/analytics.revenue.csv";

/**
 * The Revenue page's figures as CSV (ADR 0155): the same report for the same period (`?year=`), a
 * resource route beside the page, so the download is its loader and needs no API endpoint.
 */
export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  await requirePermission(request, context, "reports");
  const period = revenuePeriodFromSearchParams(new URL(request.url).searchParams, businessDate(context.clock.now()));
  const csv = revenueCsv(await revenueReport(context.db, period));
  const name = period.year === null ? `revenue-last-12-months-to-${period.months.at(-1)}` : `revenue-${period.year}`;
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
});
