import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useEffectEvent, useRef } from "react";
import type { z } from "~/lib/zod";
import { businessDate, formatBusinessDateTime, formatBusinessTime } from "./business-time";
import { toast } from "./toast";

/**
 * The browser half of the one way to change data (the server half is `submitForm` in
 * server/http/form-action.ts): a Conform form validated by the same zod schema the route action
 * uses, so a mistake is caught before the request with the same words the server would answer.
 */

/** What a person is told after a change: a toast with JavaScript, a status line without. */
export interface Notice {
  kind: "success" | "error";
  title: string;
  description?: string;
}

/** Every route action's answer to a form. */
export interface FormReply {
  result: SubmissionResult<string[]>;
  notice?: Notice;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Conform's own bound for a form's shape
type FormShape = Record<string, any>;

export function useZodForm<S extends z.ZodType<FormShape, FormShape>>(
  schema: S,
  options: {
    id?: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: DefaultValue<z.input<S>>;
    /** Called instead of the browser's submit once the form is valid (to submit it through a fetcher yourself). */
    onValid?: (formData: FormData) => void;
  } = {},
) {
  return useForm<z.input<S>, z.output<S>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit: options.onValid
      ? (event, { formData }) => {
          event.preventDefault();
          options.onValid!(formData);
        }
      : undefined,
  });
}

/**
 * Shows each new reply's notice once, as a toast (errors only when the form does not show them itself), and calls `onSuccess` after a change went through.
 * A reply already there when the component mounts (a keyed fetcher keeps its last answer) is old news.
 */
export function useNotice(reply: FormReply | undefined, onSuccess?: () => void, options: { errorsShownInForm?: boolean } = {}) {
  const shown = useRef<FormReply | undefined>(reply);
  const errorsShownInForm = options.errorsShownInForm ?? false;
  const succeeded = useEffectEvent(() => onSuccess?.());
  useEffect(() => {
    if (!reply || shown.current === reply) return;
    shown.current = reply;
    const { notice } = reply;
    // A form that shows its own error under its fields needs no toast saying it again.
    const shownInForm = notice?.kind === "error" && errorsShownInForm;
    if (notice && !shownInForm)
      (notice.kind === "success" ? toast.success : toast.error)(notice.title, notice.description ? { description: notice.description } : undefined);
    if (reply.result.status === "success") succeeded();
  }, [reply, errorsShownInForm]);
}

/**
 * The action's reply if it answers the form that posted `intent`, else undefined: on a page with
 * several forms, each shows only its own errors and values.
 */
export function replyTo(reply: FormReply | undefined, intent: string): FormReply | undefined {
  return (reply?.result.initialValue as Record<string, unknown> | null | undefined)?.intent === intent ? reply : undefined;
}

/**
 * A fetcher form's reply once the page's data has been read again. Conform resets a form to its
 * `defaultValue` when a change succeeds; a fetcher has the reply before the loader has run again, so
 * a form whose defaults come from the loader would reset to the values from before the change.
 */
export const settledResult = (fetcher: { state: string; data?: FormReply }) => (fetcher.state === "idle" ? fetcher.data?.result : undefined);

export { FORM_TOKEN } from "./form-token";

/**
 * The title of a replay's answer (ADR 0179): "Already recorded at 10:02 AM by ana@example.com", the
 * day too when it was not today. The first post's own notice follows as the description.
 */
export function alreadyRecordedTitle(at: Date, by: string | null, now: Date): string {
  const when = businessDate(at) === businessDate(now) ? formatBusinessTime(at) : formatBusinessDateTime(at);
  return `Already recorded at ${when}${by ? ` by ${by}` : ""}`;
}
