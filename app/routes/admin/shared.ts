import { business } from "~/content/business";
import { type Permission, ROUTE_PERMISSIONS } from "~/domain/roles";

/** Every admin page: out of search engines. (React Router uses the deepest route's meta, so each page sets it.) */
export const adminMeta = (title: string) => [{ title: `${title} | Admin | ${business.name}` }, { name: "robots", content: "noindex, nofollow" }];

/**
 * The admin menu: each entry named for what its page manages, so staff find a thing by its name.
 * Every admin route is here or in ADMIN_SUB_PAGES (app/routes/admin/menu.test.ts checks).
 */
export const ADMIN_SECTIONS = [
  { to: "/admin/bookings", label: "Appointments" },
  { to: "/admin/stays", label: "Stays and occupancy" },
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/rooms", label: "Suites and rules" },
  { to: "/admin/grooming", label: "Groomers and services" },
  { to: "/admin/customers", label: "Customers" },
  { to: "/admin/leads", label: "Leads" },
  { to: "/admin/documents", label: "Vaccine records" },
  { to: "/admin/content", label: "Content" },
  { to: "/admin/analytics", label: "Analytics" },
  { to: "/admin/integrations", label: "WordPress" },
  { to: "/admin/team", label: "Team" },
] as const;

/** Admin pages reached from another page rather than the menu, and from where. */
export const ADMIN_SUB_PAGES: Readonly<Record<string, string>> = {
  "/admin": "the dashboard: the menu's first link, and the admin title's",
  "/admin/analytics/revenue": "revenue by month and service, opened from Analytics",
  "/admin/analytics/revenue.csv": "the Revenue page's figures as CSV, downloaded from Revenue",
  "/admin/customers/:householdId": "one customer, opened from Customers",
  "/admin/messages/simulated": "the texts the simulated provider recorded, with Simulate a reply, opened from Messages while Twilio is not configured",
  "/admin/grooming/book": "booking a groom for a customer, opened from Groomers and services",
  "/admin/stays/book": "booking a stay for a customer, opened from Stays and occupancy",
  "/admin/stays/:stayId/check-in": "the desk's check-in of a stay (weight, doses, belongings), opened from an arrival on Stays and occupancy",
  "/admin/stays/:stayId/check-out": "the desk's check-out of a stay (the balance, weight, doses handed back), opened from a departure on Stays and occupancy",
  "/admin/stays/:stayId/suite-card": "the printable card of each cat of a stay for its suite, opened from a checked-in stay's check-in page or desk row",
};

/** The menu a role sees: only the sections its permissions open (ADR 0185). */
export function sectionsFor(permissions: readonly Permission[]) {
  return ADMIN_SECTIONS.filter((s) => permissions.includes(ROUTE_PERMISSIONS[s.to]!));
}
