import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Notice, Panel } from "~/components/ui/panel";
import { callRunner } from "~/features/wordpress/runner-client";
import { AUTO_RUN_DELAY_MS, SAVE_CHECK_NAMES, type SaveCheckDeps, SAVE_CHECK_TEXT, failureBanner, runSaveChecks } from "./save-checks";
import { SummaryStats, TestItemCard } from "./test-item-card";
import { type TestResultItem, pendingItem, summarize } from "./test-item";
import { type ToolingAuth, fetchServerSession } from "./tooling-auth";

const initialItems = () => SAVE_CHECK_NAMES.map(pendingItem);

/** Can this browser save the WordPress settings? Runs by itself once, a second after sign-in. */
export function SaveValidatorPanel({ auth }: { auth: ToolingAuth }) {
  const [items, setItems] = useState<TestResultItem[]>(initialItems);
  const [running, setRunning] = useState(false);
  const [finished, setFinished] = useState<{ stoppedAt: number | null } | null>(null);
  const runId = useRef(0);
  const authRef = useRef(auth);
  useEffect(() => {
    authRef.current = auth;
  }, [auth]);

  const deps = useMemo<SaveCheckDeps>(
    () => ({
      localSession: () => ({ user: authRef.current.user, session: authRef.current.session }),
      serverSession: fetchServerSession,
      runner: callRunner,
      isSignedIn: () => authRef.current.user !== null,
      now: () => Date.now(),
    }),
    [],
  );

  const run = useCallback(async () => {
    const id = ++runId.current;
    setRunning(true);
    setFinished(null);
    setItems(initialItems());
    const result = await runSaveChecks(
      deps,
      (index, item) => setItems((list) => list.map((x, i) => (i === index ? item : x))),
      () => runId.current !== id,
    );
    if (runId.current !== id || !result) return;
    setRunning(false);
    setFinished({ stoppedAt: result.stoppedAt });
  }, [deps]);

  const reset = () => {
    runId.current++;
    setRunning(false);
    setFinished(null);
    setItems(initialItems());
  };

  // Once per page visit, 1 s after a user is known (on arrival, or after signing in here).
  const autoRan = useRef(false);
  const signedIn = !auth.loading && auth.user !== null;
  useEffect(() => {
    if (!signedIn || autoRan.current) return;
    const timer = setTimeout(() => {
      autoRan.current = true;
      void run();
    }, AUTO_RUN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, run]);

  useEffect(() => () => void runId.current++, []);

  const checkAuth = async () => {
    await auth.refresh();
    const { data } = await fetchServerSession();
    if (data?.user) toast.success("Authentication Confirmed", { description: `Successfully authenticated as ${data.user.email}` });
    else toast.error("Not signed in", { description: "No session was found for this browser. Sign in to continue." });
  };

  const summary = summarize(items);
  const allPassed = finished !== null && summary.passed === summary.total;

  return (
    <Panel
      title="Database Save Validation"
      description="Seven checks, in order, that the WordPress settings can be saved to and read back from the database."
      data-testid="save-validator"
      actions={
        <>
          <Button onClick={() => void run()} disabled={running}>
            {running ? "Running Tests..." : "Run All Tests"}
          </Button>
          <Button variant="outline" onClick={reset}>
            Reset Tests
          </Button>
        </>
      }
    >
      {auth.loading ? null : auth.user ? (
        <Notice tone="success" role="status" data-testid="save-validator-signed-in">
          Signed in as <strong className="break-all">{auth.user.email}</strong>
        </Notice>
      ) : (
        <Notice tone="warning" data-testid="save-validator-signed-out">
          <p className="font-bold">You are not signed in</p>
          <p className="mt-1">Saving the WordPress settings needs a signed-in admin. Without a session most checks fail.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button asChild size="sm">
              <Link to="/auth">Sign In to Continue</Link>
            </Button>
            <Button variant="outline" size="sm" onClick={() => void checkAuth()}>
              Check Auth Status
            </Button>
          </div>
        </Notice>
      )}

      <ul className="mt-4 grid gap-2">
        {items.map((item, i) => (
          <TestItemCard key={item.name} item={item} index={i} />
        ))}
      </ul>
      <div className="mt-4">
        <SummaryStats passed={summary.passed} failed={summary.failed} total={summary.total} />
      </div>
      {finished ? (
        allPassed ? (
          <Notice tone="success" role="status" className="mt-4" data-testid="save-validator-banner">
            <p className="font-bold">All tests passed</p>
            <p className="mt-1">The WordPress settings can be saved to the database and read back.</p>
          </Notice>
        ) : (
          <Notice tone="danger" role="status" className="mt-4" data-testid="save-validator-banner">
            <p className="font-bold">Some tests failed</p>
            <p className="mt-1">{failureBanner(items)}</p>
            {finished.stoppedAt !== null ? <p className="mt-1">{SAVE_CHECK_TEXT.stopped}</p> : null}
          </Notice>
        )
      ) : null}
    </Panel>
  );
}
