import { business } from "~/content/business";

/** Every admin page: out of search engines. (React Router uses the deepest route's meta, so each page sets it.) */
export const adminMeta = (title: string) => [{ title: `${title} | Admin | ${business.name}` }, { name: "robots", content: "noindex, nofollow" }];

export const ADMIN_SECTIONS = [
  { to: "/admin/bookings", label: "Bookings" },
  { to: "/admin/stays", label: "Stays" },
  { to: "/admin/rooms", label: "Rooms" },
  { to: "/admin/grooming", label: "Grooming" },
  { to: "/admin/customers", label: "Customers" },
  { to: "/admin/leads", label: "Leads" },
  { to: "/admin/documents", label: "Documents" },
  { to: "/admin/content", label: "Content" },
  { to: "/admin/analytics", label: "Analytics" },
  { to: "/admin/integrations", label: "WordPress" },
] as const;
