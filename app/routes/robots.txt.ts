import { mapRefusals } from "@server/http/refusals";
import { robotsTxt } from "~/features/seo/sitemap";
import { resolveSiteUrl } from "~/features/seo/site-url";
import type { Route } from "./+types/robots.txt";

export const loader = mapRefusals(({ context }: Route.LoaderArgs) => {
  return new Response(robotsTxt(resolveSiteUrl(context)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
});
