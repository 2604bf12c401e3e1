import { useActionData } from "react-router";
import type { FormReply } from "~/lib/forms";
import { NoticeLine } from "./notice-line";

/**
 * The notice of a form that was posted before the JavaScript ran (a plain browser submission, whose
 * answer is this page again): with JavaScript the same notice is a toast and this shows nothing,
 * because fetcher submissions do not set the page's action data.
 */
export function ActionNotice({ className }: { className?: string }) {
  const reply = useActionData<FormReply>();
  return <NoticeLine notice={reply?.notice} className={className} />;
}
