import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "~/lib/zod";
import type { FormReply, Notice } from "~/lib/forms";
import { AppError } from "./errors";

/**
 * The one way a page changes data: its route action hands the submitted form, the zod schema the
 * page's form validated it with, and the change to `submitForm`. Invalid input answers 400 with
 * Conform's per-field errors; an `AppError` (not found, too many requests, a rule of the business,
 * a provider that failed) answers its status with its message as the form's error and as the
 * notice; anything else is a bug (or a database outage) and reaches the page's error boundary.
 *
 *   export async function action({ request, context }: Route.ActionArgs) {
 *     const auth = await requireUser(request, context);
 *     const form = await request.formData();
 *     return submitForm(form, cancelForm, async ({ appointmentId }) => {
 *       await cancelByCustomer(context.db, actorOf(auth), appointmentId);
 *       return { kind: "success", title: "Appointment cancelled." };
 *     });
 *   }
 */
export async function submitForm<S extends z.ZodType>(
  formData: FormData,
  schema: S,
  change: (value: z.output<S>) => Promise<Notice | void>,
  options: { errorTitle?: string } = {},
) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data<FormReply>({ result: submission.reply() }, { status: 400 });
  try {
    const notice = (await change(submission.value)) ?? undefined;
    // Conform's reset reply carries no status: the page needs to know the change went through.
    return data<FormReply>({ result: { ...submission.reply({ resetForm: true }), status: "success" }, notice });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // A rule the server checks by field (a date in the past, say) shows under that field too.
    const fieldErrors = pathErrors(Object.entries((error.details?.fields ?? {}) as Record<string, string>));
    return refusal(submission.reply({ formErrors: [error.message], fieldErrors }), error, options);
  }
}

/**
 * The same for an editor whose value is a structure rather than flat fields (the Content editor's
 * nested lists): the page posts its value as JSON in the form field `payload` (still a form, as
 * every page action reads), the schema checks it, and errors are keyed by the field's dotted path
 * ("address.city", "hours.0.days"), as the editor names its fields.
 */
export async function submitJson<S extends z.ZodType>(
  formData: FormData,
  schema: S,
  /** The notice, and anything else the page needs from the change (such as the id of a saved draft). */
  change: (value: z.output<S>) => Promise<(Notice & Record<string, unknown>) | void>,
  options: { errorTitle?: string } = {},
) {
  const parsed = schema.safeParse(parseJson(formData.get("payload")));
  if (!parsed.success) {
    const error = pathErrors(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
    const notice: Notice = { kind: "error", title: options.errorTitle ?? "Error", description: parsed.error.issues[0]?.message };
    return data<FormReply & Record<string, unknown>>({ result: { status: "error", error }, notice }, { status: 400 });
  }
  try {
    const outcome = (await change(parsed.data)) ?? undefined;
    if (!outcome) return data<FormReply & Record<string, unknown>>({ result: { status: "success" } });
    const { kind, title, description, ...extra } = outcome;
    return data<FormReply & Record<string, unknown>>({ result: { status: "success" }, notice: { kind, title, description }, ...extra });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const fields = (error.details?.fields ?? {}) as Record<string, string>;
    const result: SubmissionResult<string[]> = { status: "error", error: { "": [error.message], ...pathErrors(Object.entries(fields)) } };
    return refusal(result, error, options);
  }
}

function parseJson(payload: FormDataEntryValue | null): unknown {
  if (typeof payload !== "string") return undefined;
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}

function pathErrors(entries: Array<[string, string]>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [path, message] of entries) errors[path] ??= [message];
  return errors;
}

function refusal(result: SubmissionResult<string[]>, error: AppError, options: { errorTitle?: string }) {
  const headers: Record<string, string> = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
  const notice: Notice = { kind: "error", title: options.errorTitle ?? "Error", description: error.message };
  return data<FormReply>({ result, notice }, { status: error.status, headers });
}

/** The posted form; a body that is not one (a hand-made request) reads as an empty form, which fails validation with a 400. */
export async function formDataOf(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

/** A form posted with an `intent` this action does not know: a stale page or a hand-made request. */
export function unknownIntent() {
  const notice: Notice = { kind: "error", title: "Error", description: "This form is out of date. Reload the page and try again." };
  return data<FormReply>({ result: { status: "error", error: { "": [notice.description!] } }, notice }, { status: 400 });
}
