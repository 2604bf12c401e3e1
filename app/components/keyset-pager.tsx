import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** The "Newer" and "Older" links under a keyset-paged admin list (ADR 0115); nothing when there is no other page. */
export function KeysetPager({ newer, older }: { newer: { href: string; label: string } | null; older: { href: string; label: string } | null }) {
  if (!newer && !older) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
      {newer ? (
        <Button asChild variant="outline" size="sm">
          <Link to={newer.href}>{newer.label}</Link>
        </Button>
      ) : (
        <span />
      )}
      {older ? (
        <Button asChild variant="outline" size="sm">
          <Link to={older.href}>{older.label}</Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
