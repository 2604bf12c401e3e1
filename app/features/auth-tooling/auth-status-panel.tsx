import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { Badge, Notice, Panel } from "~/components/ui/panel";
import { Spinner } from "~/components/ui/spinner";
import { DEFAULT_MAGIC_LINK_EMAIL } from "./default-email";
import type { ToolingAuth } from "./tooling-auth";

/** The magic link from this panel brings the admin back to the testing dashboard. */
export const MAGIC_LINK_RETURN_PATH = "/admin-backup";

export function AuthStatusPanel({ auth }: { auth: ToolingAuth }) {
  const [email, setEmail] = useState(DEFAULT_MAGIC_LINK_EMAIL);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailId = useId();
  const hintId = useId();

  // 'Authentication Confirmed' when this page sees the sign-in happen (e.g. the link opened in another tab).
  const previousUser = useRef(auth.loading ? undefined : (auth.user?.email ?? null));
  useEffect(() => {
    if (auth.loading) return;
    const current = auth.user?.email ?? null;
    if (previousUser.current === null && current) toast.success("Authentication Confirmed", { description: `Successfully authenticated as ${current}` });
    previousUser.current = current;
  }, [auth.loading, auth.user]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || !email.trim()) return;
    setSending(true);
    const { error } = await auth.signIn(email.trim(), { redirectTo: MAGIC_LINK_RETURN_PATH });
    setSending(false);
    if (error) {
      toast.error("Authentication Error", { description: error.message });
      return;
    }
    setSentTo(email.trim());
    toast.success("Check your email", { description: "We've sent you a magic link to sign in." });
  };

  const signOut = async () => {
    const { error } = await auth.signOut();
    if (error) toast.error("Error", { description: error.message });
  };

  return (
    <Panel title="Authentication Status" description="Who this browser is signed in as." data-testid="auth-status-panel">
      {auth.loading ? (
        <p className="flex items-center gap-2 text-muted">
          <Spinner label="Checking authentication" /> Checking authentication...
        </p>
      ) : auth.user ? (
        <div className="flex flex-wrap items-center justify-between gap-4">
          <dl className="grid min-w-0 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold text-muted">Email</dt>
            <dd className="font-bold break-all text-brand-900">{auth.user.email}</dd>
            <dt className="font-semibold text-muted">User ID</dt>
            <dd className="font-mono text-xs break-all">{auth.user.id}</dd>
            <dt className="font-semibold text-muted">Status</dt>
            <dd className="flex flex-wrap gap-2">
              <Badge tone="success">AUTHENTICATED</Badge>
              {auth.isAdmin ? <Badge tone="info">admin</Badge> : null}
            </dd>
          </dl>
          <Button variant="outline" onClick={() => void signOut()}>
            Sign Out
          </Button>
        </div>
      ) : (
        <form onSubmit={send} className="grid gap-3 sm:max-w-md">
          <div>
            <Label htmlFor={emailId}>Email</Label>
            <Input id={emailId} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} aria-describedby={hintId} />
            <p id={hintId} className="mt-1.5 text-sm text-muted">
              We'll e-mail you a link that signs you in without a password.
            </p>
          </div>
          <Button type="submit" disabled={sending || !email.trim()} className="justify-self-start">
            {sending ? "Sending..." : "Send Magic Link"}
          </Button>
          {sentTo ? (
            <Notice tone="success" role="status">
              Check your email: a sign-in link is on its way to {sentTo}.
            </Notice>
          ) : null}
        </form>
      )}
    </Panel>
  );
}
