import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { callRunner } from "~/features/wordpress/runner-client";
import { AUTH_TEST_NAMES, type AuthTestDeps, type AuthUserLike, buildAuthReport, runAuthSuite } from "./auth-tests";
import { SummaryStats, TestItemCard } from "./test-item-card";
import { type TestResultItem, pendingItem, summarize } from "./test-item";
import { type ToolingAuth, fetchServerSession } from "./tooling-auth";

const initialItems = () => AUTH_TEST_NAMES.map(pendingItem);

/** Runs the four authentication tests against this browser's session and the server. */
export function AuthTestRunner({ auth }: { auth: ToolingAuth }) {
  const [items, setItems] = useState<TestResultItem[]>(initialItems);
  const [running, setRunning] = useState(false);
  const [report, setReport] = useState<string | null>(null);
  const reportId = useId();
  const runId = useRef(0);

  // The auth state listener: whoever waits is told about the next state the app's auth reports.
  const waiting = useRef<Array<(state: { user: AuthUserLike | null }) => void>>([]);
  useEffect(() => {
    if (auth.loading) return;
    const listeners = waiting.current;
    waiting.current = [];
    for (const notify of listeners) notify({ user: auth.user });
  }, [auth]);

  const { refresh } = auth;
  const deps = useMemo<AuthTestDeps>(
    () => ({
      async getSession() {
        const { data, error } = await fetchServerSession();
        return { session: data?.session ?? null, error };
      },
      async getUser() {
        const { data, error } = await fetchServerSession();
        return { user: data?.user ?? null, error };
      },
      async verifyToken() {
        // Reads wordpress_connections through the runner: refused for rights (403) still means the token was accepted.
        const outcome = await callRunner({ action: "check_status" });
        return { error: outcome.ok ? null : { code: outcome.code, message: outcome.message, status: outcome.status } };
      },
      nextAuthState() {
        return new Promise((resolve) => {
          waiting.current.push(resolve);
          void refresh();
        });
      },
      now: () => Date.now(),
    }),
    [refresh],
  );

  useEffect(() => () => void runId.current++, []);

  const run = useCallback(async () => {
    if (running) return;
    const id = ++runId.current;
    setRunning(true);
    setReport(null);
    setItems(initialItems());
    const results = await runAuthSuite(
      deps,
      (index, item) => setItems((list) => list.map((x, i) => (i === index ? item : x))),
      () => runId.current !== id,
    );
    if (runId.current !== id) return;
    setRunning(false);
    if (results) setReport(buildAuthReport(results, { generatedAt: new Date(), email: auth.user?.email ?? null }));
  }, [running, deps, auth.user]);

  const reset = () => {
    runId.current++;
    setRunning(false);
    setReport(null);
    setItems(initialItems());
  };

  const copy = async () => {
    if (!report) return;
    try {
      await navigator.clipboard.writeText(report);
      toast.success("Report Copied", { description: "The test report is on your clipboard." });
    } catch {
      toast.error("Error", { description: "Could not copy the report. Select the text and copy it instead." });
    }
  };

  const summary = summarize(items);

  return (
    <Panel
      title="Authentication Test Runner"
      description="Checks this browser's session, user, token and the auth state listener, one after another."
      data-testid="auth-test-runner"
      actions={
        <>
          <Button onClick={() => void run()} disabled={running}>
            {running ? "Running Tests..." : "Run Authentication Tests"}
          </Button>
          <Button variant="outline" onClick={reset}>
            Reset Tests
          </Button>
        </>
      }
    >
      <ul className="grid gap-2 sm:grid-cols-2">
        {items.map((item, i) => (
          <TestItemCard key={item.name} item={item} index={i} />
        ))}
      </ul>
      <div className="mt-4">
        <SummaryStats {...summary} />
      </div>
      {report ? (
        <div className="mt-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <label htmlFor={reportId} className="text-sm font-bold text-brand-900">
              Test Report
            </label>
            <Button variant="outline" size="sm" onClick={() => void copy()}>
              Copy Report
            </Button>
          </div>
          <textarea
            id={reportId}
            readOnly
            value={report}
            rows={Math.min(18, report.split("\n").length)}
            className="mt-2 w-full rounded-xl border border-brand-200 bg-slate-50 p-3 font-mono text-xs"
            data-testid="auth-report"
          />
        </div>
      ) : null}
    </Panel>
  );
}
