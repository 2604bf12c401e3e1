/**
 * Pages hydrated as an island (ADR 0104): the route id and the module that hydrates the page's
 * own tree, without the router runtime. The route marks itself with `handle: { hydration: "island" }`.
 */
export const ISLAND_ENTRIES = {
  "routes/home": "app/islands/home.client.tsx",
  "routes/home-backup": "app/islands/home-backup.client.tsx",
  "routes/cat-boarding-laguna-niguel": "app/islands/landing.client.tsx",
  "routes/book-online": "app/islands/book-online.client.tsx",
} as const;
