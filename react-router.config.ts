import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered per request, none prerendered at build time: the pages show the
  // published site content (the legal pages print the business's contact details, ADR 0103) and
  // PUBLIC_SITE_URL, both known only at run time (ADR 0020).
  ssr: true,
} satisfies Config;
