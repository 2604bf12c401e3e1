import { NavLink } from "react-router";
import { cn } from "~/lib/cn";

const TABS = [
  { to: "/admin/bookings", label: "Appointments", end: true },
  { to: "/admin/bookings/leads", label: "Leads inbox", end: false },
] as const;

/** The Bookings area's two views: appointments and the leads inbox. */
export function BookingsNav() {
  return (
    <nav aria-label="Bookings" className="mb-6 flex gap-2 border-b border-brand-100">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) =>
            cn(
              "-mb-px border-b-2 px-4 py-2 font-bold",
              isActive ? "border-brand-700 text-brand-900" : "border-transparent text-muted hover:text-brand-800",
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
