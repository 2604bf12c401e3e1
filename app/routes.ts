import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("cat-boarding-laguna-niguel", "routes/cat-boarding-laguna-niguel.tsx"),
  route("book-online", "routes/book-online.tsx"),
  route("home-backup-27.05.25", "routes/home-backup.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("cookie-policy", "routes/cookie-policy.tsx"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("unsubscribe", "routes/unsubscribe.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
