import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "~/lib/zod";
import type { FormReply, Notice } from "~/lib/forms";
import { AppError, storableTextRefusal } from "./errors";
import { listOverflow, listTooLongMessage, withinLists } from "./form-lists";

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
export async function submitForm<S extends z.ZodType, Extra extends Record<string, unknown> = Record<never, never>>(
  formData: FormData,
  schema: S,
  /** The notice, and anything else the page needs from the change (such as the id of a saved draft). */
  change: (value: z.output<S>) => Promise<(Notice & NoInfer<Extra>) | void>,
  options: { errorTitle?: string } = {},
) {
  // A list posted past its last row (`medications[9999].name`) is refused before anything reads the
  // form, and the reply echoes only the rows the list takes: the page renders one row for each.
  const overflow = listOverflow(formData, schema);
  if (overflow) {
    const message = listTooLongMessage(overflow.max);
    const trimmed = parseWithZod(withinLists(formData, schema), { schema });
    return reply<Extra>({ result: trimmed.reply({ formErrors: [message], fieldErrors: { [overflow.name]: [message] } }) }, { status: 400 });
  }
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return reply<Extra>({ result: submission.reply() }, { status: 400 });
  try {
    const outcome = (await change(submission.value)) ?? undefined;
    // Conform's reset reply carries no status: the page needs to know the change went through.
    const result: SubmissionResult<string[]> = { ...submission.reply({ resetForm: true }), status: "success" };
    if (!outcome) return reply<Extra>({ result });
    const { kind, title, description, ...extra } = outcome;
    return reply<Extra>({ result, notice: { kind, title, description }, ...extra });
  } catch (thrown) {
    const error = storableTextRefusal(thrown) ?? thrown;
    if (!(error instanceof AppError)) throw error;
    // A rule the server checks by field (a date in the past, say) shows under that field too.
    const fieldErrors = pathErrors(Object.entries((error.details?.fields ?? {}) as Record<string, string>));
    return refusal<Extra>(submission.reply({ formErrors: [error.message], fieldErrors }), error, options);
  }
}

function pathErrors(entries: Array<[string, string]>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [path, message] of entries) errors[path] ??= [message];
  return errors;
}

function refusal<Extra>(result: SubmissionResult<string[]>, error: AppError, options: { errorTitle?: string }) {
  const headers: Record<string, string> = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : {};
  const notice: Notice = { kind: "error", title: options.errorTitle ?? "Error", description: error.message };
  return reply<Extra>({ result, notice }, { status: error.status, headers });
}

/** The answer to a form: what every form reads, and what this page's form reads besides. */
function reply<Extra>(body: FormReply & Record<string, unknown>, init?: ResponseInit) {
  return data(body as FormReply & Partial<Extra>, init);
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

/**
 * A page whose forms post an `intent`: its action is a table from each intent to its handler, called
 * with the posted form. An intent the table lacks (an object's own name such as `constructor`
 * included) answers `unknownIntent()`.
 */
export async function handleIntent<Handlers extends Record<string, (form: FormData) => Promise<unknown>>>(
  form: FormData,
  handlers: Handlers,
): Promise<Awaited<ReturnType<Handlers[keyof Handlers]>> | ReturnType<typeof unknownIntent>> {
  const intent = form.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(handlers, intent)) return unknownIntent();
  return (await handlers[intent]!(form)) as Awaited<ReturnType<Handlers[keyof Handlers]>>;
}
