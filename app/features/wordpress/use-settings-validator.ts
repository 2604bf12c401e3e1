import { useCallback, useEffect, useRef, useState } from "react";
import type { RunnerOutcome } from "./runner-client";
import type { ValidationReport } from "./schema";
import { STAGE_DELAY_MS, VALIDATOR_STAGES, stageProgress } from "./validator-progress";

export type ValidatorStatus = "idle" | "running" | "completed" | "failed" | "cancelled";

export interface ValidatorState {
  status: ValidatorStatus;
  stageIndex: number;
  progress: number;
  report: ValidationReport | null;
  error: string | null;
}

type Outcome = RunnerOutcome<{ report: ValidationReport }>;
export type Validate = (onStage: (index: number) => void, signal: AbortSignal) => Promise<Outcome>;

const IDLE: ValidatorState = { status: "idle", stageIndex: -1, progress: 0, report: null, error: null };
export const CANCELLED_MESSAGE = "Validation cancelled.";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs validate_settings and shows its six stages as the server reaches them: a stage appears
 * once the server has started it, and stays on screen at least 0.8 s, so the bar never runs ahead
 * of the work (it waits on a slow site instead of sitting at 90 %). 100 % only with the report.
 * Cancel (or leaving the page) aborts the request, and the server stops its work on the site.
 */
export function useSettingsValidator(validate: Validate, onFailure: (outcome: Extract<Outcome, { ok: false }>) => void) {
  const [state, setState] = useState<ValidatorState>(IDLE);
  const alive = useRef(true);
  const running = useRef(false);
  const runId = useRef(0);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      controller.current?.abort();
    };
  }, []);

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    const id = ++runId.current;
    const abort = new AbortController();
    controller.current = abort;
    const live = () => alive.current && runId.current === id;

    let reached = 0;
    let outcome: Outcome | undefined;
    let wake = () => {};
    const request = validate((index) => {
      reached = Math.max(reached, index);
      wake();
    }, abort.signal).then((result) => {
      outcome = result;
      wake();
      return result;
    });
    const serverReached = (index: number) =>
      new Promise<void>((resolve) => {
        const check = () => (reached >= index || outcome || !live() ? resolve() : void (wake = check));
        check();
      });

    for (let i = 0; i < VALIDATOR_STAGES.length; i++) {
      if (i > 0) await serverReached(i);
      if (!live()) return;
      // A failure ends the walk at once: the stages after it were never reached.
      if (outcome && !outcome.ok) break;
      setState({ status: "running", stageIndex: i, progress: stageProgress(i), report: null, error: null });
      await sleep(STAGE_DELAY_MS);
    }
    const result = await request;
    if (!live()) return;
    running.current = false;
    if (result.ok) {
      setState({ status: "completed", stageIndex: VALIDATOR_STAGES.length - 1, progress: 100, report: result.data.report, error: null });
    } else {
      setState((s) => ({ ...s, status: "failed", error: result.message }));
      onFailure(result);
    }
  }, [validate, onFailure]);

  const cancel = useCallback(() => {
    if (!running.current) return;
    running.current = false;
    runId.current++;
    controller.current?.abort();
    setState((s) => ({ ...s, status: "cancelled", error: CANCELLED_MESSAGE }));
  }, []);

  return { ...state, run, cancel, stages: VALIDATOR_STAGES };
}
