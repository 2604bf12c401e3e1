import { type FormEvent, useState } from "react";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { homeCopy } from "~/content/copy";
import { PUBLIC_FORM_INTENTS, usePublicFormTarget } from "~/lib/public-forms";
import { useTypedBeforeHydration } from "~/lib/use-hydrated";
import { postLead } from "./post-lead";
import { NEWSLETTER_CONSENT_TEXT, looksLikeEmail } from "~/domain/consent";

/**
 * 'Ready to give your cat the best?': the spec's toasts, and the address stored with its consent. A
 * form that posts to the page's action until the script sends it to the API (ADR 0117).
 */
export function NewsletterSignup() {
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const formTarget = usePublicFormTarget();
  const emailField = useTypedBeforeHydration(setEmail);
  const copy = homeCopy.signup;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!looksLikeEmail(email)) {
      toast.error("Please enter a valid email");
      return;
    }
    setSending(true);
    try {
      await postLead("newsletter", { email, consentText: NEWSLETTER_CONSENT_TEXT, sourcePage: window.location.pathname });
      toast.success("Thank you for subscribing!", { description: "We'll keep you updated on all things cat-related." });
      setEmail("");
    } catch (error) {
      toast.error("We could not sign you up", { description: (error as Error).message });
    } finally {
      setSending(false);
    }
  };

  return (
    <section id="signup" aria-labelledby="signup-heading" className="render-when-near px-4 py-16 md:px-6 md:py-20">
      <div className="mx-auto max-w-4xl overflow-hidden rounded-[2rem] bg-gradient-to-br from-accent-100 via-white to-brand-50 p-8 text-center shadow-card md:p-12">
        <h2 id="signup-heading" className="text-3xl md:text-4xl">
          {copy.heading}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-muted">{copy.lead}</p>
        {/* noValidate: the spec's own rule and toast decide what is a valid address. */}
        <form method="post" action={formTarget} noValidate onSubmit={submit} className="mx-auto mt-7 flex max-w-lg flex-col gap-3 sm:flex-row">
          <input type="hidden" name="intent" value={PUBLIC_FORM_INTENTS.newsletter} />
          <input type="hidden" name="consentText" value={NEWSLETTER_CONSENT_TEXT} />
          <label htmlFor="signup-email" className="sr-only">
            Email address
          </label>
          <input
            ref={emailField}
            id="signup-email"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-describedby="signup-consent"
            className="h-13 w-full rounded-full border border-brand-200 bg-white px-5 text-base text-ink placeholder:text-muted focus:border-brand-500 focus:ring-2 focus:ring-brand-300 focus:outline-none"
          />
          <Button type="submit" size="lg" disabled={sending} className="shrink-0">
            {sending ? "Subscribing..." : "Subscribe"}
          </Button>
        </form>
        <p id="signup-consent" className="mt-3 text-sm text-muted">
          {NEWSLETTER_CONSENT_TEXT}
        </p>
      </div>
    </section>
  );
}
