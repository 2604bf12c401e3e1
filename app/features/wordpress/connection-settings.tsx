import { type FormEvent, useEffect, useId, useState } from "react";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { Badge, Notice, Panel } from "~/components/ui/panel";
import { Spinner } from "~/components/ui/spinner";
import { formatBusinessDateTime } from "~/lib/business-time";
import { WP_TEXT } from "./messages";
import { type RunnerOutcome, callRunner } from "./runner-client";
import {
  type ConnectionInfo,
  type ConnectionTestResult,
  type Credentials,
  INVALID_URL,
  MISSING_INFORMATION,
  PASSWORD_MASK,
  invalidUrlMessage,
  isHttpUrl,
  missingInformationMessage,
} from "./schema";

type Failure = Extract<RunnerOutcome<unknown>, { ok: false }>;

const EMPTY: Credentials = { url: "", username: "", password: "" };

export function formatWhen(iso: string | null): string {
  if (!iso) return "Never";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatBusinessDateTime(date);
}

/** Client-side checks before a test or save, with the spec's texts; null when the fields are fine. */
export function credentialsProblem(credentials: Credentials, purpose: "testing" | "saving"): { title: string; description: string } | null {
  if (!credentials.url.trim() || !credentials.username.trim() || !credentials.password) {
    return { title: MISSING_INFORMATION, description: missingInformationMessage(purpose) };
  }
  if (!isHttpUrl(credentials.url.trim())) return { title: INVALID_URL, description: invalidUrlMessage };
  return null;
}

export function ConnectionSettings({ onAuthRequired, onSaved }: { onAuthRequired: (failure: Failure) => void; onSaved?: () => void }) {
  const [credentials, setCredentials] = useState<Credentials>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState<"test" | "save" | null>(null);
  const [info, setInfo] = useState<ConnectionInfo | null>(null);
  const [result, setResult] = useState<ConnectionTestResult | null>(null);
  const ids = { url: useId(), username: useId(), password: useId(), passwordHint: useId() };

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const outcome = await callRunner<{ credentials: Credentials | null; connection_info: ConnectionInfo | null }>({ action: "load_credentials" });
      if (cancelled) return;
      setLoading(false);
      if (!outcome.ok) {
        if (outcome.authRequired) onAuthRequired(outcome);
        else toast.error(WP_TEXT.loadErrorTitle, { description: WP_TEXT.loadError });
        return;
      }
      if (outcome.data.credentials) setCredentials(outcome.data.credentials);
      setInfo(outcome.data.connection_info);
    })();
    return () => {
      cancelled = true;
    };
  }, [onAuthRequired]);

  // Disabled while a field is empty; blanks-only values get the spec's 'Missing Information' on click.
  const anyEmpty = !credentials.url || !credentials.username || !credentials.password;
  const set = (field: keyof Credentials) => (e: React.ChangeEvent<HTMLInputElement>) => setCredentials((c) => ({ ...c, [field]: e.target.value }));

  const check = (purpose: "testing" | "saving") => {
    const problem = credentialsProblem(credentials, purpose);
    if (problem) toast.error(problem.title, { description: problem.description });
    return problem === null;
  };

  const test = async () => {
    if (busy || !check("testing")) return;
    setBusy("test");
    setResult(null);
    const outcome = await callRunner<ConnectionTestResult & { connection_info?: ConnectionInfo }>({ action: "test_credentials", credentials });
    setBusy(null);
    if (!outcome.ok) {
      if (outcome.authRequired) {
        onAuthRequired(outcome);
        toast.error(WP_TEXT.authRequiredTitle, { description: WP_TEXT.authRequiredOther });
      } else {
        toast.error(WP_TEXT.connectionErrorTitle, { description: outcome.message });
      }
      return;
    }
    setResult(outcome.data);
    if (outcome.data.connection_info) setInfo(outcome.data.connection_info);
    if (outcome.data.success) toast.success(WP_TEXT.connectionSuccessTitle, { description: outcome.data.message });
    else toast.error(WP_TEXT.connectionFailedTitle, { description: outcome.data.message });
  };

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || !check("saving")) return;
    setBusy("save");
    const outcome = await callRunner<{ connection_info: ConnectionInfo }>({ action: "save_credentials", credentials });
    setBusy(null);
    if (!outcome.ok) {
      if (outcome.authRequired) {
        onAuthRequired(outcome);
        toast.error(WP_TEXT.authRequiredTitle, { description: WP_TEXT.authRequiredSave });
      } else {
        toast.error(WP_TEXT.saveErrorTitle, { description: WP_TEXT.saveError(outcome.message) });
      }
      return;
    }
    setInfo(outcome.data.connection_info);
    setCredentials((c) => ({ ...c, password: PASSWORD_MASK }));
    toast.success(WP_TEXT.savedTitle, { description: WP_TEXT.saved });
    onSaved?.();
  };

  return (
    <Panel title="Connection Settings" description="The WordPress site the business's content comes from, and an application password for it.">
      {loading ? (
        <p className="flex items-center gap-2 text-muted">
          <Spinner label="Loading saved settings" /> Loading saved settings...
        </p>
      ) : (
        <form onSubmit={save} noValidate className="grid gap-4">
          <div>
            <Label htmlFor={ids.url}>WordPress Site URL</Label>
            <Input
              id={ids.url}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://example.com"
              value={credentials.url}
              onChange={set("url")}
              required
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <Label htmlFor={ids.username}>Username</Label>
              <Input
                id={ids.username}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={credentials.username}
                onChange={set("username")}
                required
              />
            </div>
            <div>
              <Label htmlFor={ids.password}>Application Password</Label>
              <Input
                id={ids.password}
                type="password"
                autoComplete="new-password"
                value={credentials.password}
                onChange={set("password")}
                onFocus={(e) => e.target.select()}
                aria-describedby={ids.passwordHint}
                required
              />
              <p id={ids.passwordHint} className="mt-1 text-xs text-muted">
                From Users → Profile → Application Passwords in WordPress. Stored encrypted and never shown again; keep the dots to keep the saved one.
              </p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={test} disabled={anyEmpty || busy !== null}>
              {busy === "test" ? <Spinner label="Testing" /> : null}
              {busy === "test" ? "Testing..." : "Test Connection"}
            </Button>
            <Button type="submit" disabled={anyEmpty || busy !== null}>
              {busy === "save" ? <Spinner label="Saving" /> : null}
              {busy === "save" ? "Saving..." : "Save Settings"}
            </Button>
          </div>
        </form>
      )}

      {result ? (
        <Notice tone={result.success ? "success" : "danger"} role="status" className="mt-4" data-testid="connection-result">
          <p className="font-bold">{result.success ? "Connected" : "Not connected"}</p>
          <p className="mt-1 break-words">{result.message}</p>
          {result.success ? (
            <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold">Role</dt>
              <dd>{result.userRole ?? "Unknown"}</dd>
              <dt className="font-semibold">Site title</dt>
              <dd className="break-words">{result.siteTitle ?? "Unknown"}</dd>
              <dt className="font-semibold">WordPress version</dt>
              <dd>{result.wpVersion ?? "Unknown"}</dd>
            </dl>
          ) : null}
        </Notice>
      ) : null}

      {info ? (
        <div className="mt-4 rounded-xl bg-brand-50 px-4 py-3 text-sm" data-testid="connection-info">
          <p className="font-bold text-brand-900">Saved connection</p>
          <dl className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Name</dt>
            <dd className="break-words">{info.connection_name}</dd>
            <dt className="font-semibold">Last tested</dt>
            <dd>{formatWhen(info.last_tested_at)}</dd>
            <dt className="font-semibold">Last result</dt>
            <dd>
              {info.last_test_status ? (
                <Badge tone={info.last_test_status === "passed" ? "success" : "danger"}>{info.last_test_status}</Badge>
              ) : (
                "Not tested yet"
              )}
            </dd>
          </dl>
        </div>
      ) : null}
    </Panel>
  );
}
