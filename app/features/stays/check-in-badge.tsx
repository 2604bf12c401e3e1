import { cn } from "~/lib/cn";
import { CHECK_IN_STATUS_LABELS, type CheckInStatus } from "~/domain/check-in";

const styles: Record<CheckInStatus, string> = {
  not_started: "bg-gray-200 text-gray-800",
  incomplete: "bg-accent-100 text-accent-700",
  ready: "bg-brand-100 text-brand-900",
};

/** "Check-in: Ready": where a stay's online check-in stands, on My Trips, the desk and the check-in page. */
export function CheckInBadge({ status, className }: { status: CheckInStatus; className?: string }) {
  return (
    <span className={cn("inline-block rounded-full px-3 py-1 text-sm font-bold whitespace-nowrap", styles[status], className)}>
      Check-in: {CHECK_IN_STATUS_LABELS[status]}
    </span>
  );
}
