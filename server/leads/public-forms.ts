import { data } from "react-router";
import type { AppLoadContext } from "react-router";
import { homeCopy } from "~/content/copy";
import { AUTH_TEXT, isRateLimitMessage } from "~/domain/sign-in-text";
import { signInLinkForm } from "~/features/auth/schema";
import { callbackRequestSchema } from "~/features/callback/schema";
import { donation } from "~/content/donation";
import { donateForm } from "~/features/donation/schema";
import { newsletterSignupSchema, voucherRequestSchema } from "~/features/leads/schema";
import type { FormReply, Notice } from "~/lib/forms";
import { PUBLIC_FORM_INTENTS } from "~/lib/public-forms";
import { requestSignIn } from "../auth/sign-in";
import { readCookie } from "../auth/cookies";
import { REFERRAL_COOKIE } from "../referrals/referrals";
import { NUMBER_COOLDOWN_MS, requestCallback } from "../callback/service";
import { createVoucherRequest, sendVoucherMail, signUpForNewsletter } from "./leads";
import { formDataOf, submitForm, unknownIntent } from "../http/form-action";
import { FORM_SUBMISSION_KEPT_MS, submitOnce } from "../http/form-once";

/**
 * How long the same words posted again from a public form are the same request (ADR 0195). The pages
 * are stored once and served to everyone (ADR 0119), so no token of a visitor's own can be in them: a
 * double tap, a retry or a reload posting again is known by what it says. A callback's number is
 * called once in 15 minutes anyway, and a sign-in link is mailed once a minute an address: the same
 * request within that time is answered as the first; a voucher or a newsletter sign-up is one a day.
 */
const SAME_REQUEST_MS: Record<"callback" | "voucher" | "newsletter" | "signIn", number> = {
  callback: NUMBER_COOLDOWN_MS,
  voucher: FORM_SUBMISSION_KEPT_MS,
  newsletter: FORM_SUBMISSION_KEPT_MS,
  signIn: 60_000,
};

/**
 * The action of every public page (home, landing, book-online, backup home, /auth): the callback,
 * voucher, newsletter and sign-in forms, and the demo's "Donate Now", post here when JavaScript has not run (ADR 0117). Each
 * calls the same domain function as the JSON endpoint the script uses, so the abuse limits, the
 * consent stored and the messages are the ones the API gives. The page shows the reply's notice.
 * Each form that sends or stores is held to one effect by its words (`SAME_REQUEST_MS`).
 */
export async function publicFormAction({ request, context }: { request: Request; context: AppLoadContext }) {
  const form = await formDataOf(request);
  const page = new URL(request.url).pathname;
  const now = context.clock.now();
  const once = (intent: keyof typeof SAME_REQUEST_MS) => ({
    db: context.db,
    form: `${page} ${intent}`,
    user: null,
    now,
    sameWordsWithinMs: SAME_REQUEST_MS[intent],
  });
  if (!form.get("sourcePage")) form.set("sourcePage", page);
  const userAgent = request.headers.get("user-agent") ?? undefined;
  const ip = context.clientAddress;

  switch (form.get("intent")) {
    case PUBLIC_FORM_INTENTS.callback:
      return withNotice(
        await submitOnce(once("callback"), form, callbackRequestSchema, async (input) => {
          const call = await requestCallback(
            { db: context.db, env: context.env, logger: context.logger, telephony: context.telephony },
            { ...input, ip, userAgent },
            now,
          );
          return {
            kind: "success",
            title: "Call Initiated!",
            description:
              call.status === "simulated"
                ? "Demo mode: this site has no phone line connected, so no phone will ring. Your number was saved for our team."
                : "Your phone will ring shortly. Answer it and we will connect you with our team.",
          };
        }),
        "Call Error",
      );
    case PUBLIC_FORM_INTENTS.voucher: {
      const copy = homeCopy.voucher;
      return withNotice(
        await submitOnce(once("voucher"), form, voucherRequestSchema, async (input) => {
          const { id } = await createVoucherRequest(context.db, input, ip, now);
          const mailed = await sendVoucherMail(
            { db: context.db, mailer: context.mailer, logger: context.logger, siteUrl: context.env.PUBLIC_SITE_URL },
            id,
            now,
          );
          return mailed
            ? { kind: "success", title: copy.success, description: copy.successDescription }
            : { kind: "success", title: copy.savedNotMailed, description: copy.savedNotMailedDescription };
        }),
        "We could not send your request",
      );
    }
    case PUBLIC_FORM_INTENTS.newsletter:
      return withNotice(
        await submitOnce(once("newsletter"), form, newsletterSignupSchema, async (input) => {
          await signUpForNewsletter({ db: context.db, env: context.env }, input, ip, now);
          return { kind: "success", title: "Thank you for subscribing!", description: "We'll keep you updated on all things cat-related." };
        }),
        // The spec's own toast for a bad address is the message alone.
        null,
      );
    case PUBLIC_FORM_INTENTS.signIn:
      return withNotice(
        await submitOnce(once("signIn"), signInForm(form, page), signInLinkForm, async ({ email, redirectTo }) => {
          const referralCode = readCookie(request.headers.get("cookie"), REFERRAL_COOKIE);
          await requestSignIn(
            { db: context.db, env: context.env, logger: context.logger, mailer: context.mailer },
            { email, redirectTo, ip, referralCode },
            now,
          );
          return { kind: "success", title: AUTH_TEXT.checkEmailTitle, description: AUTH_TEXT.checkEmailToast };
        }),
        AUTH_TEXT.errorToastTitle,
      );
    // The demo donation takes no payment and stores nothing: the page says what the toasts would.
    case PUBLIC_FORM_INTENTS.donate:
      return submitForm(form, donateForm, async () => ({
        kind: "success",
        title: donation.messages.success,
        description: `${donation.messages.successDescription} ${donation.messages.demo}`,
      }));
    default:
      return unknownIntent();
  }
}

/** After signing in, the visitor comes back to the page the form was on (or where /auth was asked to return to). */
function signInForm(form: FormData, page: string): FormData {
  if (!form.get("redirectTo")) form.set("redirectTo", page === "/auth" ? "" : page);
  return form;
}

type Reply = ReturnType<typeof data<FormReply>>;

/**
 * A page posted without JavaScript shows only the notice: a refusal is worded as the form's toast
 * would be (under `errorTitle`, or the message as the title), and input the schema refused, which
 * has errors by field but no notice, gets one from its first error.
 */
function withNotice(reply: Reply, errorTitle: string | null): Reply {
  const { result, notice } = reply.data;
  if (result.status !== "error") return reply;
  const message = notice?.description ?? Object.values(result.error ?? {}).flat()[0];
  if (!message) return reply;
  // The sign-in form's refusal for too many mails has its own words (as its toast does).
  const shown: Notice = isRateLimitMessage(message)
    ? { kind: "error", title: AUTH_TEXT.rateLimitToastTitle, description: AUTH_TEXT.rateLimitToast }
    : errorTitle === null
      ? { kind: "error", title: message }
      : { kind: "error", title: errorTitle, description: message };
  return data<FormReply>({ result, notice: shown }, reply.init ?? undefined);
}
