import { loadSiteContent } from "@server/content/content";
import { mapRefusals } from "@server/http/refusals";
import { termsOfService } from "~/content/legal";
import { type LegalPageData, LegalPage, legalMeta } from "~/features/legal/legal-page";
import { seoLoaderData } from "~/features/seo/loader";
import type { PageHandle } from "~/islands/page-scripts";
import type { Route } from "./+types/terms";

// Rendered per request, not prerendered: the contact details are the published ones (ADR 0103).
export const loader = mapRefusals(async ({ context }: Route.LoaderArgs): Promise<LegalPageData> => ({
  ...seoLoaderData(context),
  content: await loadSiteContent(context.db, context.logger),
}));

/** A static document: served without any JavaScript bundle. */
export const handle: PageHandle = { hydration: "none" };

export const meta: Route.MetaFunction = ({ loaderData }) => legalMeta(termsOfService, loaderData);

export default function TermsRoute({ loaderData }: Route.ComponentProps) {
  return <LegalPage documentFor={termsOfService} content={loaderData.content} />;
}
