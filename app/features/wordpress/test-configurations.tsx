import { useCallback, useEffect, useState } from "react";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Badge, Panel } from "~/components/ui/panel";
import { Spinner } from "~/components/ui/spinner";
import { WP_TEXT } from "./messages";
import { type RunnerOutcome, callRunner } from "./runner-client";
import { RUN_TIME_LIMIT_MS } from "./schema";

type Failure = Extract<RunnerOutcome<unknown>, { ok: false }>;

interface Configuration {
  test_name: string;
  endpoint: string;
  method: string;
  enabled: boolean;
  timeout_seconds: number;
  retry_count: number;
}

interface SeedAnswer {
  existing: number;
  inserted: number;
  configurations: Configuration[];
}

interface StatusAnswer {
  configurations: Configuration[];
  configurations_saved: boolean;
}

export const DEFAULT_CONFIGURATION_COUNT = 6;
/** The outbound client's ceiling for one request (the server's DEFAULT_TIMEOUT_MS). */
const REQUEST_TIMEOUT_SECONDS = 10;

/**
 * The test_configurations rows the validator uses. Opening the panel only reads (check_status):
 * while none are saved it lists the six defaults the validator uses anyway, and only the seed
 * button writes them ('Configuration Check Failed' / 'Seeding Failed' on errors).
 */
export function TestConfigurations({ onAuthRequired }: { onAuthRequired: (failure: Failure) => void }) {
  const [rows, setRows] = useState<Configuration[] | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(true);

  const seed = useCallback(async () => {
    setBusy(true);
    const outcome = await callRunner<SeedAnswer>({ action: "seed_test_configurations" });
    setBusy(false);
    if (!outcome.ok) {
      if (outcome.authRequired) onAuthRequired(outcome);
      toast.error(WP_TEXT.seedingFailedTitle, { description: outcome.message });
      return;
    }
    setRows(outcome.data.configurations);
    setSaved(true);
    if (outcome.data.inserted > 0) {
      toast.success("Test Configurations Seeded", { description: `Added ${outcome.data.inserted} default test configurations.` });
    }
  }, [onAuthRequired]);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const outcome = await callRunner<StatusAnswer>({ action: "check_status" });
      if (cancelled) return;
      setBusy(false);
      if (!outcome.ok) {
        if (outcome.authRequired) onAuthRequired(outcome);
        else toast.error(WP_TEXT.configCheckFailedTitle, { description: outcome.message });
        return;
      }
      setRows(outcome.data.configurations);
      setSaved(outcome.data.configurations_saved);
    })();
    return () => {
      cancelled = true;
    };
  }, [onAuthRequired]);

  return (
    <Panel
      title="Test Configurations"
      description={`The endpoint checks the validator runs. Until they are seeded, the validator uses the ${DEFAULT_CONFIGURATION_COUNT} defaults.`}
      actions={
        <Button variant="outline" size="sm" onClick={() => void seed()} disabled={busy}>
          Seed Default Configurations
        </Button>
      }
    >
      {busy && !rows ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner label="Checking configurations" /> Checking configurations...
        </p>
      ) : rows ? (
        <>
          {saved ? null : (
            <p className="mb-3 text-sm text-muted" data-testid="test-configurations-unsaved">
              Not saved yet: these are the defaults the validator uses. Seed them to save them.
            </p>
          )}
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="test-configurations">
            {rows.map((row) => (
              <li key={row.test_name} className="rounded-xl border border-brand-100 p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-bold text-brand-900">{row.test_name}</span>
                  <Badge tone={row.enabled ? "success" : "neutral"}>{row.enabled ? "enabled" : "disabled"}</Badge>
                </div>
                <p className="mt-1 font-mono text-xs break-all text-muted">
                  {row.method} {row.endpoint}
                </p>
                <p className="mt-0.5 text-xs text-muted">
                  Time-out {row.timeout_seconds} s · {row.retry_count} retries
                </p>
              </li>
            ))}
          </ul>
          <p className="mt-3 text-xs text-muted">
            The validator waits at most {REQUEST_TIMEOUT_SECONDS} s for each request and retries only after a server error or a dropped connection, all within
            its {RUN_TIME_LIMIT_MS / 1000}-second limit.
          </p>
        </>
      ) : (
        <p className="text-sm text-muted">The configurations could not be read.</p>
      )}
    </Panel>
  );
}
