import { useActionData } from "react-router";
import type { FormReply } from "~/lib/forms";
import { cn } from "~/lib/cn";

/**
 * The notice of a form that was posted before the JavaScript ran (a plain browser submission, whose
 * answer is this page again): with JavaScript the same notice is a toast and this shows nothing,
 * because fetcher submissions do not set the page's action data.
 */
export function ActionNotice({ className }: { className?: string }) {
  const reply = useActionData<FormReply>();
  const notice = reply?.notice;
  if (!notice) return null;
  return (
    <p
      role={notice.kind === "error" ? "alert" : "status"}
      className={cn(
        "rounded-xl px-4 py-3 font-semibold",
        notice.kind === "error" ? "bg-red-50 text-red-800" : "bg-brand-50 text-brand-900",
        className,
      )}
    >
      {notice.title}
      {notice.description ? ` — ${notice.description}` : null}
    </p>
  );
}
