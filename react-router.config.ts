import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Pages that are identical for every visitor are rendered once at build time.
  // Their inline scripts get the per-request CSP nonce when served (server/http/static-pages.ts).
  async prerender() {
    // Legal pages: their canonical URLs use PUBLIC_SITE_URL as set when building (README).
    return ["/", "/privacy-policy", "/terms", "/cookie-policy"];
  },
} satisfies Config;
