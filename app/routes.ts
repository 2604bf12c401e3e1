import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

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
  // Sign-in, the admin area and the development outbox.
  route("auth", "routes/auth.tsx"),
  route("auth/verify", "routes/auth.verify.tsx"),
  // Every route under /admin calls requireAdmin in its loader and action (server/auth/guards.server.ts).
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("bookings", "routes/admin/bookings.tsx"),
    route("stays", "routes/admin/stays.tsx"),
    route("stays/book", "routes/admin/stays.book.tsx"),
    route("rooms", "routes/admin/rooms.tsx"),
    route("grooming", "routes/admin/grooming.tsx"),
    route("grooming/book", "routes/admin/grooming.book.tsx"),
    route("leads", "routes/admin/leads.tsx"),
    route("content", "routes/admin/content.tsx"),
    route("integrations", "routes/admin/integrations.tsx"),
    route("analytics", "routes/admin/analytics.tsx"),
    route("customers", "routes/admin/customers.tsx"),
    route("customers/:householdId", "routes/admin/customers.$householdId.tsx"),
    route("documents", "routes/admin/documents.tsx"),
  ]),
  route("dev/outbox", "routes/dev.outbox.tsx"),
  // The customer's own pages share an error boundary that keeps them inside the site.
  layout("routes/customer-layout.tsx", [
    route("account", "routes/account.tsx"),
    route("account/delete", "routes/account.delete.tsx"),
    route("appointments", "routes/appointments.tsx"),
    route("trips", "routes/trips.tsx"),
    route("book/stay", "routes/book.stay.tsx"),
    route("simulated-payments/:sessionId", "routes/simulated-payments.$sessionId.tsx"),
    route("book/groom", "routes/book.groom.tsx"),
    route("cats", "routes/cats.tsx"),
    route("cats/new", "routes/cats.new.tsx"),
    route("cats/:catId", "routes/cats.$catId.tsx"),
  ]),
  // The privacy export (a zip, no page) and where a deleted account lands (signed out by then).
  route("account/export", "routes/account.export.ts"),
  route("account/deleted", "routes/account.deleted.tsx"),
  // Private files: each loader lets only the cat's household and admins read them (ADR 0120).
  route("cats/:catId/photo/:file", "routes/cats.$catId.photo.$file.ts"),
  route("vaccine-records/:recordId/document", "routes/vaccine-records.$recordId.document.ts"),
  route("trips/:stayId/receipt.pdf", "routes/trips.$stayId.receipt.ts"),
  route("admin-backup", "routes/admin-backup.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
