import crypto from "node:crypto";
import { and, eq, isNull, lt } from "drizzle-orm";
import { data, redirect } from "react-router";
import type { z } from "~/lib/zod";
import { FORM_TOKEN, type FormReply, type Notice, alreadyRecordedTitle } from "~/lib/forms";
import type { Db } from "../db/client";
import type { PeriodicJob } from "../periodic-job";
import { formSubmissions, users } from "../db/schema/index";
import { submitForm } from "./form-action";

/**
 * Every post that creates money, a message or a record is safe to send twice (ADR 0179). A page's
 * loader renders a random token into the form (`formToken()`, the hidden field `FORM_TOKEN`); the
 * route action hands the form to `submitOnce` instead of `submitForm`. The token is claimed in
 * `form_submissions` (its primary key) before the change runs; a second post of the same form (a
 * double tap without the script, a retry, a reload that posts again) finds the claim and answers what
 * the first post answered ("Already recorded at 10:02 AM by …"), never changing anything again. A
 * post that the change refuses gives its token back, so the corrected form can be sent; one that
 * arrives while the first still runs waits for its outcome.
 *
 * Where the record has a key of its own (one satisfaction guarantee a stay, one balance a stay), the
 * domain holds it by a unique index instead and answers the same way; an incident keeps its form's
 * token on its row. A public page is stored once and served the same to every visitor (ADR 0119), so
 * a token in its HTML would be every visitor's: its forms are held by what they say instead
 * (`sameWordsWithinMs`, ADR 0195).
 */

export { FORM_TOKEN };

/** A fresh token for one rendering of a page's forms: the loader returns it, each form posts it back. */
export const formToken = () => crypto.randomBytes(18).toString("base64url");

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** How long a replay waits for the first post's outcome before saying it is still running. */
const WAIT_MS = 15_000;
/** A claim older than this is pruned (a replay a day later is a new post in all but name). */
export const FORM_SUBMISSION_KEPT_MS = 24 * 60 * 60_000;

export interface SubmitOnce {
  db: Db;
  /** Which form: the page's address and intent ("/admin/stays refund"). */
  form: string;
  /** Who posts it (named in a replay's answer); none on a public form. */
  user: { id: string } | null;
  now: Date;
  /**
   * A form on a page served the same to everyone (no token of its own): the post is held by its
   * fields alone, and the same words posted again within this long are the same post.
   */
  sameWordsWithinMs?: number;
}

/** The form's token, or none when it is missing or malformed (a stale page or a hand-made post). */
export function postedToken(formData: FormData): string | null {
  const token = formData.get(FORM_TOKEN);
  return typeof token === "string" && TOKEN.test(token) ? token : null;
}

/** A post without a token: the page is older than its form, or the post was made by hand. */
export function staleForm() {
  const notice: Notice = { kind: "error", title: "Error", description: "This form is out of date. Reload the page and try again." };
  return data<FormReply>({ result: { status: "error", error: { "": [notice.description!] } }, notice }, { status: 400 });
}

/**
 * `submitForm`, once per token: invalid input answers 400 (nothing claimed); the first valid post
 * runs `change` and keeps its answer; every later post with the same token answers that.
 */
export async function submitOnce<S extends z.ZodType, Extra extends Record<string, unknown> = Record<never, never>>(
  once: SubmitOnce,
  formData: FormData,
  schema: S,
  change: (value: z.output<S>) => Promise<(Notice & NoInfer<Extra>) | void>,
  options: { errorTitle?: string } = {},
) {
  const token = once.sameWordsWithinMs ? "" : postedToken(formData);
  if (token === null) return staleForm();
  return submitForm<S, Extra>(
    formData,
    schema,
    async (value) => {
      const key = submissionKey(token, once.form, formData);
      const replay = await claim(once, key);
      if (replay) return replay as Notice & Extra;
      let outcome: (Notice & NoInfer<Extra>) | void;
      try {
        outcome = await change(value);
      } catch (error) {
        // Refused (or failed): nothing was changed, so the token is free for the corrected form.
        await once.db.delete(formSubmissions).where(and(eq(formSubmissions.key, key), isNull(formSubmissions.outcome)));
        throw error;
      }
      await once.db
        .update(formSubmissions)
        .set({ outcome: (outcome ?? {}) as Record<string, unknown> })
        .where(eq(formSubmissions.key, key));
      return outcome;
    },
    options,
  );
}

/**
 * What makes two posts the same post: the page's token, the form, and every field it posted (a file
 * by its name, type and size). One token serves all of a page's forms: a refund of one payment and of
 * another are two posts; the same refund sent twice is one.
 */
export function submissionKey(token: string, form: string, formData: FormData): string {
  const fields = [...formData.entries()]
    .map(([name, value]) => [name, typeof value === "string" ? value : `file:${value.name}:${value.type}:${value.size}`])
    .toSorted(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : x! > y! ? 1 : 0));
  return crypto
    .createHash("sha256")
    .update(JSON.stringify([token, form, fields]))
    .digest("hex");
}

/** Claims the post (answers nothing), or answers the earlier post's outcome. */
async function claim(once: SubmitOnce, key: string): Promise<Record<string, unknown> | null> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [claimed] = await once.db
      .insert(formSubmissions)
      .values({ key, form: once.form, userId: once.user?.id ?? null, createdAt: once.now })
      .onConflictDoNothing()
      .returning({ key: formSubmissions.key });
    if (claimed) return null;
    const [first] = await once.db
      .select({ outcome: formSubmissions.outcome, createdAt: formSubmissions.createdAt, by: users.email })
      .from(formSubmissions)
      .leftJoin(users, eq(users.id, formSubmissions.userId))
      .where(eq(formSubmissions.key, key));
    // Gone: the first post was refused and gave the token back; this one claims it afresh.
    if (!first) continue;
    // Answered longer ago than a form held by its words is held: this post is a new request.
    if (first.outcome && once.sameWordsWithinMs && once.now.getTime() - first.createdAt.getTime() >= once.sameWordsWithinMs) {
      await once.db.delete(formSubmissions).where(and(eq(formSubmissions.key, key), eq(formSubmissions.createdAt, first.createdAt)));
      continue;
    }
    if (first.outcome) return replayOf(first.outcome, first.createdAt, first.by, once.now);
    if (Date.now() > deadline)
      return {
        kind: "success",
        title: alreadyRecordedTitle(first.createdAt, first.by, once.now),
        description: "It is still being saved: reload the page in a moment to see it.",
      };
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/**
 * The answer of a form whose success moves on to another page: its change returns where to
 * (`redirectTo`), which is kept with the claim, so a replay goes where the first post went.
 */
export function redirectOnSuccess<T extends { data: object }>(reply: T): T | Response {
  const to = (reply.data as { redirectTo?: unknown }).redirectTo;
  return typeof to === "string" ? redirect(to) : reply;
}

/** The first post's answer, titled as a replay: its own notice, if it had one, follows as the description. */
export function replayOf(outcome: Record<string, unknown>, at: Date, by: string | null, now: Date): Record<string, unknown> {
  const { kind: _kind, title, description, ...extra } = outcome as Partial<Notice> & Record<string, unknown>;
  // "Thank you for subscribing! We'll…", "Refunded $20.00. The owner…": one stop between the two.
  const said = title && description ? `${title}${/[.!?]$/.test(title) ? "" : "."} ${description}` : (title ?? description);
  return { ...extra, kind: "success", title: alreadyRecordedTitle(at, by, now), description: said || "Nothing was changed again." };
}

/** Forgets the claims older than a day (`formSubmissionsJob`). */
export async function pruneFormSubmissions(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(formSubmissions)
    .where(lt(formSubmissions.createdAt, new Date(now.getTime() - FORM_SUBMISSION_KEPT_MS)))
    .returning({ key: formSubmissions.key });
  return gone.length;
}

/** Forgets, every hour, the form posts answered more than a day ago. */
export const formSubmissionsJob: PeriodicJob = {
  name: "form-submissions",
  everyMs: 60 * 60_000,
  async run({ db }, now) {
    await pruneFormSubmissions(db, now);
  },
};
