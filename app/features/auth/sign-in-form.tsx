import { useId, useState } from "react";
import { useAppNavigate } from "~/lib/navigation";
import { PUBLIC_FORM_INTENTS, usePublicFormTarget } from "~/lib/public-forms";
import { useHydrated, useTypedBeforeHydration } from "~/lib/use-hydrated";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/input";
import { useAuth } from "./auth-provider";
import { AUTH_TEXT, isRateLimitMessage } from "~/domain/sign-in-text";

type Status = { step: "idle" | "sending" } | { step: "error"; message: string } | { step: "sent"; email: string };

export interface SignInFormProps {
  /** A path on this site to return to after sign-in; without it admins go to /admin, others to /. */
  redirectTo?: string;
  /** Return to the page the form is on (the modal): read when it is sent, as the server renders it for any address. */
  returnToThisPage?: boolean;
  /** Called after a successful sign-in with the typed code, before navigating (e.g. to close a modal). */
  onSignedIn?: () => void;
  /** The id of the heading that names this form, for the form's accessible name. */
  labelledBy?: string;
}

/**
 * The passwordless sign-in form (spec: 'Send Magic Link', 'Sending...', then 'Check your email').
 * The same component serves the /auth page and the modal (sign-in-dialog.tsx). Before the script
 * runs it is a plain form that the page's action answers (ADR 0117).
 */
export function SignInForm({ redirectTo, returnToThisPage = false, onSignedIn, labelledBy }: SignInFormProps) {
  const { signIn } = useAuth();
  const [status, setStatus] = useState<Status>({ step: "idle" });
  const [email, setEmail] = useState("");
  const hydrated = useHydrated();
  const formTarget = usePublicFormTarget();
  const emailField = useTypedBeforeHydration(setEmail);
  const id = useId();

  if (status.step === "sent") {
    return <CheckEmailPanel email={status.email} onSignedIn={onSignedIn} onRestart={() => setStatus({ step: "idle" })} />;
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus({ step: "sending" });
    const here = returnToThisPage ? `${window.location.pathname}${window.location.search}` : undefined;
    const { error } = await signIn(email, { redirectTo: redirectTo ?? here });
    if (!error) {
      toast.success(AUTH_TEXT.checkEmailTitle, { description: AUTH_TEXT.checkEmailToast });
      setStatus({ step: "sent", email: email.trim() });
    } else if (isRateLimitMessage(error.message)) {
      toast.error(AUTH_TEXT.rateLimitToastTitle, { description: AUTH_TEXT.rateLimitToast });
      setStatus({ step: "error", message: AUTH_TEXT.rateLimitInline });
    } else {
      toast.error(AUTH_TEXT.errorToastTitle, { description: error.message });
      setStatus({ step: "error", message: error.message });
    }
  }

  const sending = status.step === "sending";
  const errorId = `${id}-error`;
  return (
    <form method="post" action={formTarget} onSubmit={onSubmit} aria-labelledby={labelledBy} className="space-y-4" noValidate={false}>
      <input type="hidden" name="intent" value={PUBLIC_FORM_INTENTS.signIn} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <div>
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          ref={emailField}
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={sending}
          aria-invalid={status.step === "error" || undefined}
          aria-describedby={status.step === "error" ? errorId : undefined}
        />
        <FieldError id={errorId}>{status.step === "error" ? status.message : null}</FieldError>
      </div>
      <Button type="submit" variant="accent" size="lg" className="w-full" disabled={sending || (hydrated && email.trim() === "")}>
        {sending ? AUTH_TEXT.sending : AUTH_TEXT.sendMagicLink}
      </Button>
      <p className="text-center text-sm text-muted">
        We'll e-mail you a link that signs you in — no password needed. New here? The same link creates your account.
      </p>
      <p className="text-center text-xs leading-relaxed text-muted">
        By continuing, you agree to our{" "}
        <a href="/terms" className="font-semibold text-brand-700 underline underline-offset-2">
          Terms of Service
        </a>{" "}
        and{" "}
        <a href="/privacy-policy" className="font-semibold text-brand-700 underline underline-offset-2">
          Privacy Policy
        </a>
        , and to our use of{" "}
        <a href="/cookie-policy" className="font-semibold text-brand-700 underline underline-offset-2">
          cookies
        </a>{" "}
        to keep you signed in.
      </p>
    </form>
  );
}

function CheckEmailPanel({ email, onSignedIn, onRestart }: { email: string; onSignedIn?: () => void; onRestart: () => void }) {
  const { verifyCode } = useAuth();
  const navigate = useAppNavigate();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const result = await verifyCode(email, code);
    setBusy(false);
    if (result.error) {
      toast.error(AUTH_TEXT.errorToastTitle, { description: result.error.message });
      setError(result.error.message);
      return;
    }
    onSignedIn?.();
    // The server's answer: the page this request started from (validated there), else by role.
    navigate(result.redirectTo ?? "/");
  }

  return (
    <div className="space-y-5">
      <div role="status" className="rounded-2xl border border-brand-200 bg-brand-50 p-5 text-center">
        <div aria-hidden="true" className="mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-brand-700 text-white">
          <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M3 7l9 6 9-6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
        <h2 className="text-xl">{AUTH_TEXT.checkEmailTitle}</h2>
        <p className="mt-2 text-sm text-ink">
          We sent a sign-in link to <strong className="break-words">{email}</strong>. Open it on this device to sign in. It works once, for 10 minutes.
        </p>
      </div>
      <form onSubmit={onSubmit} className="space-y-3">
        <Label htmlFor={`${id}-code`}>On another device? Enter the 6-digit code from the e-mail</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-code`}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            placeholder="123456"
            className="text-center font-mono tracking-[0.3em]"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-code-error` : undefined}
          />
          <Button type="submit" disabled={busy || code.length !== 6} className="shrink-0">
            {busy ? "Signing in..." : "Sign In"}
          </Button>
        </div>
        <FieldError id={`${id}-code-error`}>{error}</FieldError>
      </form>
      <p className="text-center text-sm text-muted">
        No e-mail after a minute? Check your spam folder, or{" "}
        <button type="button" onClick={onRestart} className="font-semibold text-brand-700 underline underline-offset-2">
          use a different email
        </button>
        .
      </p>
    </div>
  );
}
