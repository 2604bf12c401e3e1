import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Pages that are identical for every visitor and need nothing from the server's configuration
  // can be rendered once at build time; their inline scripts get the per-request CSP nonce when
  // served (server/http/static-pages.ts). The home page is rendered per request instead: its
  // canonical URL and structured data use PUBLIC_SITE_URL, known only at run time (ADR 0020).
  async prerender() {
    return [];
  },
} satisfies Config;
