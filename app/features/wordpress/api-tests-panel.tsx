import { useState } from "react";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Badge, Panel } from "~/components/ui/panel";
import { API_TESTS, API_TEST_CATEGORIES, type ApiTestDefinition } from "./api-tests";
import { WP_TEXT } from "./messages";
import { type RunnerOutcome, callRunner } from "./runner-client";
import type { ApiTestResult } from "./schema";
import { statusTone } from "./settings-validator";

type Failure = Extract<RunnerOutcome<unknown>, { ok: false }>;
type RowState = { status: "pending" | "running" } | { status: "passed" | "failed"; result: ApiTestResult };

const runOne = (test: ApiTestDefinition) =>
  callRunner<{ result: ApiTestResult }>({
    action: "run_api_test",
    // The server runs its own definition of this id; the rest is informative.
    test: { id: test.id, method: test.method, endpoint: test.endpoint, requiresAuth: test.requiresAuth, expectedStatus: test.expectedStatus },
  });

export function ApiTestsPanel({ onAuthRequired }: { onAuthRequired: (failure: Failure) => void }) {
  const [rows, setRows] = useState<Record<string, RowState>>({});
  const [runningAll, setRunningAll] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);

  const setRow = (id: string, row: RowState) => setRows((r) => ({ ...r, [id]: row }));

  /** Runs one test; null when the run could not happen at all (the caller stops). */
  const execute = async (test: ApiTestDefinition, announce: boolean): Promise<ApiTestResult["status"] | null> => {
    setRow(test.id, { status: "running" });
    const outcome = await runOne(test);
    if (!outcome.ok) {
      setRow(test.id, { status: "pending" });
      if (outcome.authRequired) onAuthRequired(outcome);
      toast.error(announce ? WP_TEXT.testFailedTitle : WP_TEXT.testErrorTitle, { description: `${test.name}: ${outcome.message}` });
      return null;
    }
    const { result } = outcome.data;
    setRow(test.id, { status: result.status, result });
    if (announce) {
      if (result.status === "passed") toast.success(WP_TEXT.testPassedTitle, { description: WP_TEXT.testPassed(test.name, result.responseTime) });
      else toast.error(WP_TEXT.testFailedTitle, { description: WP_TEXT.testFailed(test.name, result.responseTime, result.errorMessage) });
    }
    return result.status;
  };

  const runSingle = async (test: ApiTestDefinition) => {
    if (runningAll || busyId) return;
    setBusyId(test.id);
    await execute(test, true);
    setBusyId(null);
  };

  const runAll = async () => {
    if (runningAll || busyId) return;
    setRunningAll(true);
    setRows({});
    let passed = 0;
    let failed = 0;
    // One after another, so the list fills in as the site answers.
    for (const test of API_TESTS) {
      const status = await execute(test, false);
      if (status === null) {
        setRunningAll(false);
        return;
      }
      if (status === "passed") passed++;
      else failed++;
    }
    setRunningAll(false);
    toast(`${passed} of ${API_TESTS.length} API tests passed`, { description: failed > 0 ? `${failed} failed; see each test's message.` : "Every test passed." });
  };

  const done = Object.values(rows).filter((r) => r.status === "passed" || r.status === "failed");
  const passedCount = done.filter((r) => r.status === "passed").length;

  return (
    <Panel
      title="API Tests"
      description={`${API_TESTS.length} checks of the WordPress REST API, run by our server against the saved site. Tests that create content delete it again.`}
      actions={
        <Button onClick={() => void runAll()} disabled={runningAll || busyId !== null}>
          {runningAll ? "Running Tests..." : "Run All Tests"}
        </Button>
      }
    >
      <p className="text-sm font-semibold text-brand-900" aria-live="polite" data-testid="api-tests-summary">
        {done.length === 0 ? "No tests run yet." : `${passedCount} passed, ${done.length - passedCount} failed, ${done.length} of ${API_TESTS.length} run`}
      </p>
      <div className="mt-4 grid gap-6">
        {API_TEST_CATEGORIES.map((category) => (
          <section key={category} aria-labelledby={`api-${category}`}>
            <h3 id={`api-${category}`} className="text-lg">{category}</h3>
            <ul className="mt-2 grid gap-2">
              {API_TESTS.filter((t) => t.category === category).map((test) => {
                const row = rows[test.id] ?? { status: "pending" as const };
                const result = "result" in row ? row.result : null;
                return (
                  <li key={test.id} className="rounded-xl border border-brand-100 p-3" data-testid={`api-test-${test.id}`}>
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-bold text-brand-900">{test.name}</span>
                      <Badge tone={statusTone[row.status]}>{row.status === "running" ? "Testing..." : row.status === "pending" ? "Not started" : row.status}</Badge>
                      {test.requiresAuth ? <Badge tone="info">auth</Badge> : null}
                      <Button
                        variant="outline"
                        size="sm"
                        className="ml-auto"
                        onClick={() => void runSingle(test)}
                        disabled={runningAll || busyId !== null}
                        aria-label={`Run ${test.name}`}
                      >
                        Run
                      </Button>
                    </div>
                    <p className="mt-1 font-mono text-xs break-all text-muted">
                      {test.method} {test.endpoint} → {test.expectedStatus}
                    </p>
                    <p className="mt-1 text-sm">{test.description}</p>
                    {result ? (
                      <p className={`mt-1 text-sm ${result.status === "passed" ? "text-green-800" : "text-red-800"}`}>
                        HTTP {result.statusCode ?? "–"} in {result.responseTime} ms{result.errorMessage ? ` — ${result.errorMessage}` : ""}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </Panel>
  );
}
