import { privacyPolicy } from "~/content/legal";
import { LegalPage, legalMeta } from "~/features/legal/legal-page";
import { seoLoaderData } from "~/features/seo/loader";
import type { Route } from "./+types/privacy-policy";

// Prerendered at build time (react-router.config.ts): the site URL comes from the build's PUBLIC_SITE_URL.
export const loader = ({ context }: Route.LoaderArgs) => seoLoaderData(context);

export const meta: Route.MetaFunction = ({ loaderData }) => legalMeta(privacyPolicy, loaderData?.siteUrl ?? "");

export default function PrivacyPolicyRoute() {
  return <LegalPage doc={privacyPolicy} />;
}
