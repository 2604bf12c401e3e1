import { mapRefusals } from "@server/http/refusals";
import { sitemapXml } from "~/features/seo/sitemap";
import { resolveSiteUrl } from "~/features/seo/site-url";
import type { Route } from "./+types/sitemap.xml";

export const loader = mapRefusals(({ context }: Route.LoaderArgs) => {
  return new Response(sitemapXml(resolveSiteUrl(context)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
});
