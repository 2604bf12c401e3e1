import type { Notice } from "~/lib/forms";
import { cn } from "~/lib/cn";

/** A notice as a status line; island pages (no router hooks) pass their action's notice in their props. */
export function NoticeLine({ notice, className }: { notice: Notice | null | undefined; className?: string }) {
  if (!notice) return null;
  return (
    <p
      role={notice.kind === "error" ? "alert" : "status"}
      className={cn("rounded-xl px-4 py-3 font-semibold", notice.kind === "error" ? "bg-red-50 text-red-800" : "bg-brand-50 text-brand-900", className)}
    >
      {notice.title}
      {notice.description ? ` — ${notice.description}` : null}
    </p>
  );
}
