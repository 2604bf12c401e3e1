/**
 * The team's roles and what each may do: one vocabulary for the whole app (ADR 0185). A page's loader
 * and action name the permission they need (`requirePermission(request, context, "desk")`), the menus
 * show a role only what it may open, and `server/auth/routes.db.test.ts` walks every /admin and /staff
 * route for every role against `ROUTE_PERMISSIONS`. Browser-safe: the menus read it too.
 */

/** The roles `user_roles.role` holds, one a person; an Owner can do everything, the team included. */
export const ROLES = ["owner", "manager", "front_desk", "care"] as const;
export type Role = (typeof ROLES)[number];

/** The names people read (the Team page, the menus, the refusals). */
export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  manager: "Manager",
  front_desk: "Front desk",
  care: "Care attendant",
};

/** What each role is for, on the Team page. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything, the team included.",
  manager: "The desk, refunds, discounts, overrides, rates and house rules, reports and customers.",
  front_desk: "Arrivals and departures: check-in, check-out, taking payments, releasing a cat by its code, documents review.",
  care: "Today and the care pages: care entries, doses, weigh-ins, incidents. No money, no customer list.",
};

export const PERMISSIONS = [
  /** The Team page: who is on the team, with which role. */
  "team",
  /** The website's content and the WordPress connection. */
  "content",
  /** Suites, rates and house rules; groomers and their services. */
  "rates",
  /** Analytics and revenue. */
  "reports",
  /** The customer list and a customer's page, leads, appointments, booking for a customer. */
  "customers",
  /** Giving money back: refunds, the satisfaction guarantee, discounts. */
  "refunds",
  /** The manager's override: releasing a cat without its pickup code. */
  "override",
  /** The desk: arrivals and departures, check-in, check-out, taking a balance or a groom's payment, releasing a cat by its code. */
  "desk",
  /** Reviewing the vaccine records customers upload. */
  "documents",
  /** The incoming texts. */
  "messages",
  /** Today and the care pages under /staff. */
  "care",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The table of roles × permissions (docs/architecture.md shows it). */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: ["rates", "reports", "customers", "refunds", "override", "desk", "documents", "messages", "care"],
  front_desk: ["desk", "documents", "messages"],
  care: ["care"],
};

export const isRole = (value: unknown): value is Role => typeof value === "string" && (ROLES as readonly string[]).includes(value);

export function permissionsOf(role: Role | null): readonly Permission[] {
  return role ? ROLE_PERMISSIONS[role] : [];
}

export function roleMay(role: Role | null, permission: Permission): boolean {
  return permissionsOf(role).includes(permission);
}

/**
 * The permission each /admin and /staff page needs, by its path in app/routes.ts. Its loader and
 * action call `requirePermission` with it; a route missing here fails the role walk.
 */
export const ROUTE_PERMISSIONS: Readonly<Record<string, Permission>> = {
  "/admin": "desk",
  "/admin/bookings": "customers",
  "/admin/stays": "desk",
  "/admin/stays/book": "customers",
  "/admin/stays/:stayId/check-in": "desk",
  "/admin/stays/:stayId/check-out": "desk",
  "/admin/stays/:stayId/suite-card": "desk",
  "/admin/rooms": "rates",
  "/admin/grooming": "rates",
  "/admin/grooming/book": "customers",
  "/admin/customers": "customers",
  "/admin/customers/:householdId": "customers",
  "/admin/leads": "customers",
  "/admin/documents": "documents",
  "/admin/content": "content",
  "/admin/analytics": "reports",
  "/admin/analytics/revenue": "reports",
  "/admin/analytics/revenue.csv": "reports",
  "/admin/integrations": "content",
  "/admin/team": "team",
  "/admin/messages": "messages",
  "/admin/messages/simulated": "messages",
  "/staff/today": "care",
  "/staff/stays/:stayId": "care",
};

/** Whether a role may open the admin area at all (its layout): any permission of a page under /admin. */
export function opensAdmin(role: Role | null): boolean {
  return Object.entries(ROUTE_PERMISSIONS).some(([path, permission]) => path.startsWith("/admin") && roleMay(role, permission));
}

/** The desk's page: the day's arrivals and departures. */
export const DESK_PATH = "/admin/stays";
/** The team's inbox of texts that came in (ADR 0191). */
export const MESSAGES_PATH = "/admin/messages";
export const TODAY_PATH = "/staff/today";

/**
 * The team's links in the signed-in menu (the header, the drawer) and on the staff pages, by what the
 * role may open: Today for care, the Desk for the desk, Admin for the roles that run the rest.
 */
export function teamLinks(permissions: readonly Permission[]): { to: string; label: string }[] {
  return [
    ...(permissions.includes("care") ? [{ to: TODAY_PATH, label: "Today" }] : []),
    ...(permissions.includes("desk") ? [{ to: DESK_PATH, label: "Desk" }] : []),
    ...(permissions.includes("messages") ? [{ to: MESSAGES_PATH, label: "Messages" }] : []),
    ...(permissions.includes("customers") ? [{ to: "/admin", label: "Admin" }] : []),
  ];
}
