import { cn } from "~/lib/cn";
import type { AppointmentView } from "~/domain/appointment-view";

const styles: Record<AppointmentView["status"], string> = {
  Confirmed: "bg-brand-100 text-brand-900",
  Pending: "bg-accent-100 text-accent-700",
  Cancelled: "bg-gray-200 text-gray-800",
  Completed: "bg-blue-100 text-blue-900",
};

export function StatusBadge({ status }: { status: AppointmentView["status"] }) {
  return <span className={cn("inline-block rounded-full px-3 py-1 text-sm font-bold", styles[status])}>{status}</span>;
}
