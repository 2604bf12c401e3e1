import { cookiePolicy } from "~/content/legal";
import { LegalPage, legalMeta } from "~/features/legal/legal-page";
import { seoLoaderData } from "~/features/seo/loader";
import type { PageHandle } from "~/islands/page-scripts";
import type { Route } from "./+types/cookie-policy";

// Prerendered at build time (react-router.config.ts): the site URL comes from the build's PUBLIC_SITE_URL.
export const loader = ({ context }: Route.LoaderArgs) => seoLoaderData(context);

/** A static document: served without any JavaScript bundle. */
export const handle: PageHandle = { hydration: "none" };

export const meta: Route.MetaFunction = ({ loaderData }) => legalMeta(cookiePolicy, loaderData?.siteUrl ?? "");

export default function CookiePolicyRoute() {
  return <LegalPage doc={cookiePolicy} />;
}
