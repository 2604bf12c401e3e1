import { NavLink } from "react-router";
import { business } from "~/content/business";
import { useAuth } from "~/features/auth/auth-provider";
import { cn } from "~/lib/cn";
import { MESSAGES_PATH, teamLinks } from "~/domain/roles";

/**
 * The staff pages' menu (ADR 0185): the site, then Today, the Desk, Messages (with the unread texts
 * when the page knows them) and Admin as the role allows.
 */
export function StaffMenu({ unreadTexts = 0 }: { unreadTexts?: number }) {
  const { permissions } = useAuth();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      "inline-flex min-h-11 items-center rounded-full px-4 text-sm font-bold underline-offset-4",
      isActive ? "bg-brand-700 text-white" : "bg-brand-50 text-brand-800 hover:underline",
    );
  return (
    <nav aria-label="Staff" className="mb-4 flex flex-wrap items-center gap-2">
      <NavLink to="/" className="mr-2 font-semibold text-brand-700 underline underline-offset-4">
        ← {business.name}
      </NavLink>
      {teamLinks(permissions).map((link) => (
        <NavLink key={link.to} to={link.to} end className={linkClass}>
          {link.label}
          {link.to === MESSAGES_PATH && unreadTexts > 0 ? ` (${unreadTexts} unread)` : null}
        </NavLink>
      ))}
    </nav>
  );
}
