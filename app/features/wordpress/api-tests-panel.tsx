import { useEffect, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Badge, Panel } from "~/components/ui/panel";
import { API_TESTS, API_TEST_CATEGORIES, type ApiTestDefinition } from "~/domain/wordpress-api-tests";
import { WP_TEXT } from "./messages";
import { CANCELLED_CODE, type RunnerOutcome, callRunner } from "./runner-client";
import { type ApiTestResult, RUN_TIME_LIMIT_MS, SITE_PROBLEM_CODES } from "./schema";
import { statusLabel, statusTone } from "./settings-validator";

type Failure = Extract<RunnerOutcome<unknown>, { ok: false }>;
type RowState = { status: "pending" | "running" } | { status: "passed" | "failed"; result: ApiTestResult } | { status: "not_run"; reason: string };

const runOne = (test: ApiTestDefinition, signal?: AbortSignal) =>
  callRunner<{ result: ApiTestResult }>(
    {
      action: "run_api_test",
      // The server runs its own definition of this id; the rest is informative.
      test: { id: test.id, method: test.method, endpoint: test.endpoint, requiresAuth: test.requiresAuth, expectedStatus: test.expectedStatus },
    },
    { signal },
  );

const LIMIT_REASON = `Stopped at the ${RUN_TIME_LIMIT_MS / 1000}-second time limit.`;
const CANCELLED_REASON = "Cancelled.";

export function ApiTestsPanel({ onAuthRequired }: { onAuthRequired: (failure: Failure) => void }) {
  const [rows, setRows] = useState<Record<string, RowState>>({});
  const [runningAll, setRunningAll] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  /** Why the last Run All stopped early (the site's problem, the time limit, a cancel). */
  const [stopped, setStopped] = useState<string | null>(null);
  const current = useRef<{ abort: AbortController; reason: string | null } | null>(null);
  // Leaving the page stops the run (and the server's work on the site).
  useEffect(() => () => current.current?.abort.abort(), []);

  const setRow = (id: string, row: RowState) => setRows((r) => ({ ...r, [id]: row }));

  /** Runs one test: its result, or null when the run could not happen at all (the caller stops). */
  const execute = async (test: ApiTestDefinition, announce: boolean, signal?: AbortSignal): Promise<ApiTestResult | null> => {
    setRow(test.id, { status: "running" });
    const outcome = await runOne(test, signal);
    if (!outcome.ok) {
      setRow(test.id, { status: "pending" });
      if (outcome.code === CANCELLED_CODE) return null;
      if (outcome.authRequired) onAuthRequired(outcome);
      toast.error(announce ? WP_TEXT.testFailedTitle : WP_TEXT.testErrorTitle, { description: `${test.name}: ${outcome.message}` });
      return null;
    }
    const { result } = outcome.data;
    setRow(test.id, result.status === "not_run" ? { status: "not_run", reason: result.errorMessage ?? "Not run." } : { status: result.status, result });
    if (announce) {
      if (result.status === "passed") toast.success(WP_TEXT.testPassedTitle, { description: WP_TEXT.testPassed(test.name, result.responseTime) });
      else toast.error(WP_TEXT.testFailedTitle, { description: WP_TEXT.testFailed(test.name, result.responseTime, result.errorMessage) });
    }
    return result;
  };

  const runSingle = async (test: ApiTestDefinition) => {
    if (runningAll || busyId) return;
    setBusyId(test.id);
    await execute(test, true);
    setBusyId(null);
  };

  /**
   * Every test in order, within one time limit and until Cancel. The first result that shows the
   * site itself is the problem (a redirect, unreachable, not WordPress's root) stops the run with
   * that one finding; the tests after it are shown as not run.
   */
  const runAll = async () => {
    if (runningAll || busyId) return;
    const run = { abort: new AbortController(), reason: null as string | null };
    current.current = run;
    const limit = setTimeout(() => {
      run.reason = LIMIT_REASON;
      run.abort.abort();
    }, RUN_TIME_LIMIT_MS);
    setRunningAll(true);
    setStopped(null);
    setRows({});
    let passed = 0;
    let failed = 0;
    let finding: string | null = null;
    // One after another, so the list fills in as the site answers.
    for (const [index, test] of API_TESTS.entries()) {
      const result = await execute(test, false, run.abort.signal);
      // The server could not run it at all (the toast says why): stop, as every other would fail alike.
      if (result === null && run.reason === null) break;
      if (result?.status === "passed") passed++;
      else if (result?.status === "failed") failed++;
      finding = run.reason ?? (result?.errorCode && SITE_PROBLEM_CODES.includes(result.errorCode) ? result.errorMessage : null);
      if (finding) {
        const notRun: RowState = { status: "not_run", reason: `Not run: ${finding}` };
        if (result === null) setRow(test.id, notRun);
        for (const rest of API_TESTS.slice(index + 1)) setRow(rest.id, notRun);
        break;
      }
    }
    clearTimeout(limit);
    current.current = null;
    setRunningAll(false);
    setStopped(finding);
    if (run.reason === CANCELLED_REASON) return;
    if (finding) toast.error("API tests stopped", { description: finding });
    else
      toast(`${passed} of ${API_TESTS.length} API tests passed`, {
        description: failed > 0 ? `${failed} failed; see each test's message.` : "Every test passed.",
      });
  };

  const cancel = () => {
    const run = current.current;
    if (!run) return;
    run.reason = CANCELLED_REASON;
    run.abort.abort();
  };

  const all = Object.values(rows);
  const passedCount = all.filter((r) => r.status === "passed").length;
  const failedCount = all.filter((r) => r.status === "failed").length;
  const notRunCount = all.filter((r) => r.status === "not_run").length;
  const done = passedCount + failedCount + notRunCount;

  return (
    <Panel
      title="API Tests"
      data-testid="api-tests"
      description={`${API_TESTS.length} checks of the WordPress REST API, run by our server against the saved site. Tests that create content delete it again.`}
      actions={
        <>
          <Button onClick={() => void runAll()} disabled={runningAll || busyId !== null}>
            {runningAll ? "Running Tests..." : "Run All Tests"}
          </Button>
          {runningAll ? (
            <Button variant="outline" onClick={cancel}>
              Cancel
            </Button>
          ) : null}
        </>
      }
    >
      <p className="text-sm font-semibold text-brand-900" aria-live="polite" data-testid="api-tests-summary">
        {done === 0
          ? "No tests run yet."
          : `${passedCount} passed, ${failedCount} failed${notRunCount > 0 ? `, ${notRunCount} not run` : ""}, ${passedCount + failedCount} of ${API_TESTS.length} run`}
      </p>
      {stopped ? (
        <p
          className={`mt-2 rounded-xl px-4 py-3 text-sm font-semibold ${stopped === CANCELLED_REASON ? "bg-slate-50 text-slate-800" : "bg-red-50 text-red-800"}`}
          data-testid="api-tests-stopped"
        >
          {stopped}
        </p>
      ) : null}
      <div className="mt-4 grid gap-6">
        {API_TEST_CATEGORIES.map((category) => (
          <section key={category} aria-labelledby={`api-${category}`}>
            <h3 id={`api-${category}`} className="text-lg">
              {category}
            </h3>
            <ul className="mt-2 grid gap-2">
              {API_TESTS.filter((t) => t.category === category).map((test) => {
                const row = rows[test.id] ?? { status: "pending" as const };
                const result = "result" in row ? row.result : null;
                const badge = row.status === "running" ? "Testing..." : row.status === "pending" ? "Not started" : statusLabel(row.status);
                return (
                  <li key={test.id} className="rounded-xl border border-brand-100 p-3" data-testid={`api-test-${test.id}`}>
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-bold text-brand-900">{test.name}</span>
                      <Badge tone={statusTone[row.status]}>{badge}</Badge>
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
                        {/* No status: the site's problem (a redirect, no answer) is the message itself. */}
                        {result.statusCode !== null ? `HTTP ${result.statusCode} in ${result.responseTime} ms${result.errorMessage ? " — " : ""}` : null}
                        {result.errorMessage}
                      </p>
                    ) : row.status === "not_run" ? (
                      <p className="mt-1 text-sm text-slate-700">{row.reason}</p>
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
