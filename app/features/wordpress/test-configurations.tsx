import { useCallback, useEffect, useState } from "react";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Badge, Panel } from "~/components/ui/panel";
import { Spinner } from "~/components/ui/spinner";
import { WP_TEXT } from "./messages";
import { type RunnerOutcome, callRunner } from "./runner-client";

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

export const DEFAULT_CONFIGURATION_COUNT = 6;

/**
 * The test_configurations rows the validator uses: checked when the panel opens, the six defaults
 * seeded when any is missing ('Configuration Check Failed' / 'Seeding Failed' on errors).
 */
export function TestConfigurations({ onAuthRequired }: { onAuthRequired: (failure: Failure) => void }) {
  const [rows, setRows] = useState<Configuration[] | null>(null);
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
    if (outcome.data.inserted > 0) {
      toast.success("Test Configurations Seeded", { description: `Added ${outcome.data.inserted} default test configurations.` });
    }
  }, [onAuthRequired]);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const outcome = await callRunner<{ test_configurations: { total: number } }>({ action: "check_status" });
      if (cancelled) return;
      if (!outcome.ok) {
        setBusy(false);
        if (outcome.authRequired) onAuthRequired(outcome);
        else toast.error(WP_TEXT.configCheckFailedTitle, { description: outcome.message });
        return;
      }
      // Seeding only adds what is missing, and answers with every row: it also serves as the list.
      await seed();
    })();
    return () => {
      cancelled = true;
    };
  }, [onAuthRequired, seed]);

  return (
    <Panel
      title="Test Configurations"
      description={`The endpoint checks the validator runs. Missing defaults (${DEFAULT_CONFIGURATION_COUNT} rows) are added automatically.`}
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
      ) : (
        <p className="text-sm text-muted">The configurations could not be read.</p>
      )}
    </Panel>
  );
}
