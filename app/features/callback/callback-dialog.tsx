import { type FormEvent, useId, useState } from "react";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/input";
import { Modal, closeModal, modalDescriptionId, modalTitleId, opensModal } from "~/components/ui/modal";
import { useSiteContent } from "~/features/content/site-content-context";
import { modalIds } from "~/features/home/modal-ids";
import { PUBLIC_FORM_INTENTS, usePublicFormTarget } from "~/lib/public-forms";
import { useHydrated, useTypedBeforeHydration } from "~/lib/use-hydrated";
import { PHONE_INPUT_MAX_LENGTH, PHONE_MAX_DIGITS, formatPhone, nanpRejection, phoneDigits } from "~/lib/phone";
import type { CallbackResponse } from "./schema";
import { CALLBACK_ERROR } from "./request-call-error";
import { CALLBACK_CONSENT_TEXT, callbackMessages } from "./texts";

function PhoneIcon({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="currentColor">
      <path d="M6.6 10.8a15.1 15.1 0 006.6 6.6l2.2-2.2a1 1 0 011-.25 11.4 11.4 0 003.6.57 1 1 0 011 1V20a1 1 0 01-1 1A17 17 0 013 4a1 1 0 011-1h3.5a1 1 0 011 1c0 1.25.2 2.45.57 3.57a1 1 0 01-.25 1z" />
    </svg>
  );
}

/**
 * The callback request, drawn as a phone: the visitor leaves a number and we ring them now. A form
 * that posts to the page (the page's action answers) until script sends it to the API instead.
 */
export function CallbackDialog() {
  const id = modalIds.callback;
  const { business } = useSiteContent();
  const [digits, setDigits] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [call, setCall] = useState<CallbackResponse | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const hydrated = useHydrated();
  const formTarget = usePublicFormTarget();
  const phoneField = useTypedBeforeHydration((typed) => setDigits(phoneDigits(typed)));
  const inputId = useId();
  const errorId = useId();
  const consentId = useId();

  // Closing resets the phone, the error and the call (the spec); it is refused while the call is being placed.
  const reset = () => {
    setDigits("");
    setError(null);
    setCall(null);
  };

  const fail = (message: string) => {
    setError(message);
    toast.error("Call Error", { description: message, duration: 8_000 });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (digits.length !== PHONE_MAX_DIGITS || nanpRejection(digits) !== null) {
      fail(callbackMessages.invalidPhone);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      // The request and its answer's check (with the validation library) load when the form is sent.
      const { requestCall } = await import("./request-call");
      setCall(await requestCall(digits, window.location.pathname));
      toast.success("Call Request Received", {
        description: "We're connecting your call now. Please wait for your phone to ring.",
        duration: 10_000,
      });
    } catch (caught) {
      // requestCall's failures carry the words to show; anything else (the module did not load) gets the fallback.
      fail(caught instanceof Error && caught.name === CALLBACK_ERROR ? caught.message : callbackMessages.fallback);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal id={id} frame="phone" closeLabel="Close call request" closeDisabled={submitting} onCancel={(e) => submitting && e.preventDefault()} onClose={reset}>
      {/* The phone's speaker notch. */}
      <span aria-hidden="true" className="absolute top-2 left-1/2 h-1.5 w-16 -translate-x-1/2 rounded-full bg-brand-950/80" />

      {call ? (
        <div className="flex flex-col items-center text-center">
          <span className="mb-4 flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <PhoneIcon className="h-8 w-8 motion-safe:animate-pulse" />
          </span>
          <h2 id={modalTitleId(id)} className="font-display text-2xl text-brand-900">
            Call Initiated!
          </h2>
          <p id={modalDescriptionId(id)} className="mt-2 text-ink">
            Your phone will ring shortly. Answer it and we will connect you with our team.
          </p>
          {call.status === "simulated" ? (
            // No telephony provider is configured (a demo or development server): say so rather than promise a ring.
            <p role="note" aria-label="Demo mode" className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Demo mode: this site has no phone line connected, so no phone will ring. Your number was saved for our team.
            </p>
          ) : null}
          <p className="mt-4 text-sm text-muted">
            No call after a minute? Call us directly at{" "}
            <a className="font-bold whitespace-nowrap text-brand-700 underline" href={`tel:${business.phone.tel}`}>
              {business.phone.display}
            </a>
            .
          </p>
          <Button className="mt-6 w-full" variant="accent" {...opensModal(modalIds.signIn, () => closeModal(id))}>
            Book Appointment Online
          </Button>
        </div>
      ) : (
        <form method="post" action={formTarget} noValidate onSubmit={submit} className="flex flex-col items-center text-center">
          <input type="hidden" name="intent" value={PUBLIC_FORM_INTENTS.callback} />
          <span className="mb-3 flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-white">
            <PhoneIcon className="h-7 w-7" />
          </span>
          <h2 id={modalTitleId(id)} className="font-display text-2xl text-brand-900">
            Talk to Our Cat Care Team
          </h2>
          <a
            className="mt-2 font-display text-2xl font-bold tracking-wide text-brand-700 underline-offset-4 hover:underline"
            href={`tel:${business.phone.tel}`}
          >
            {business.phone.display}
          </a>
          <p id={modalDescriptionId(id)} className="mt-1 font-bold text-accent-700">
            Call Now To Book An Appointment
          </p>

          <div className="mt-6 w-full text-left">
            <Label htmlFor={inputId}>Your phone number</Label>
            <Input
              ref={phoneField}
              id={inputId}
              name="phoneNumber"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="(xxx) xxx-xxxx"
              maxLength={PHONE_INPUT_MAX_LENGTH}
              value={formatPhone(digits)}
              onChange={(e) => setDigits(phoneDigits(e.target.value))}
              disabled={submitting}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${errorId} ${consentId}` : consentId}
              large
              className="text-center tracking-wider"
            />
            <FieldError id={errorId}>{error}</FieldError>
          </div>

          {/* Until the script runs, the server checks the number and answers with the page. */}
          <Button type="submit" size="lg-wrapping" className="mt-5 w-full" disabled={submitting || (hydrated && digits.length !== PHONE_MAX_DIGITS)}>
            {submitting ? "Connecting..." : "Click To Connect Your Call"}
          </Button>
          <p id={consentId} className="mt-4 text-left text-xs leading-relaxed text-muted">
            {CALLBACK_CONSENT_TEXT}
          </p>
        </form>
      )}
    </Modal>
  );
}
