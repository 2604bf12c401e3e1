import { getOptionalUser } from "@server/auth/guards.server";
import { loadPreviewContent, loadSiteContent } from "@server/content/content";
import { publicFormAction } from "@server/leads/public-forms";
import { mapRefusals } from "@server/http/refusals";
import { business } from "~/content/business";
import { localBusinessJsonLd } from "~/features/home/structured-data";
import { HomePage, type HomeStaticParts } from "~/features/home/home-page";
import { AboutSection } from "~/features/home/about-section";
import { HelpSection } from "~/features/home/help-section";
import { MapSection } from "~/features/home/map-section";
import { ServicesSection } from "~/features/home/services-section";
import { type PageHandle } from "~/islands/page-scripts";
import { IslandRoot } from "~/islands/island-root";
import { jsonForScript } from "~/lib/json-for-script";
import { useNonce } from "~/lib/nonce";
import type { Route } from "./+types/home";

/**
 * The public origin comes from the server's configuration at request time (see ADR 0020), and
 * the texts from the published site content (cached briefly, refreshed at once on publish).
 * `?preview=<revision id>` lays a draft over it, for admins only; anyone else gets the live page.
 */
export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const siteUrl = context.env.PUBLIC_SITE_URL.replace(/\/+$/, "");
  const previewId = Number(new URL(request.url).searchParams.get("preview") ?? "");
  if (Number.isSafeInteger(previewId) && previewId > 0 && (await getOptionalUser(request, context))?.isAdmin) {
    const content = await loadPreviewContent(context.db, previewId, context.logger);
    if (content) return { siteUrl, content, previewId };
  }
  return { siteUrl, content: await loadSiteContent(context.db, context.logger), previewId: null };
});

/** The page's forms (callback, voucher, newsletter, sign-in), posted before the script ran (ADR 0117). */
export const action = mapRefusals((args: Route.ActionArgs) => publicFormAction(args));

const title = `${business.name} | Cat Boarding & Grooming in Laguna Niguel, CA`;
const description =
  "Cat-only boarding and grooming in Laguna Niguel, Orange County: private rooms, gentle groomers, 24/7 supervised care. First night free for new customers.";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const siteUrl = loaderData?.siteUrl ?? "";
  const url = `${siteUrl}/`;
  const image = `${siteUrl}${business.ogImage.src}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: business.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(business.ogImage.width) },
    { property: "og:image:height", content: String(business.ogImage.height) },
    { property: "og:image:alt", content: `${business.name} — ${business.tagline}` },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...(loaderData?.previewId ? [{ name: "robots", content: "noindex, nofollow" }] : []),
  ];
};
export const handle: PageHandle = { hydration: "island" };

/** The sections the island keeps as the server rendered them: their code is not in its script. */
const staticParts: HomeStaticParts = {
  services: <ServicesSection />,
  about: <AboutSection />,
  map: <MapSection />,
  help: <HelpSection />,
};

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const nonce = useNonce();
  const { content, previewId } = loaderData;
  const props = { content, previewId, notice: actionData?.notice ?? null };
  return (
    <>
      <IslandRoot props={props}>
        <HomePage {...props} parts={staticParts} />
      </IslandRoot>
      <script
        type="application/ld+json"
        nonce={nonce || undefined}
        suppressHydrationWarning
        // Built from our own content module, with '<' escaped.
        dangerouslySetInnerHTML={{ __html: jsonForScript(localBusinessJsonLd(loaderData.siteUrl, content)) }}
      />
    </>
  );
}
