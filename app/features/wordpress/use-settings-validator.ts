import { useCallback, useEffect, useRef, useState } from "react";
import type { RunnerOutcome } from "./runner-client";
import type { ValidationReport } from "./schema";
import { STAGE_DELAY_MS, VALIDATOR_STAGES, stageProgress } from "./validator-progress";

export type ValidatorStatus = "idle" | "running" | "completed" | "failed";

export interface ValidatorState {
  status: ValidatorStatus;
  stageIndex: number;
  progress: number;
  report: ValidationReport | null;
  error: string | null;
}

const IDLE: ValidatorState = { status: "idle", stageIndex: -1, progress: 0, report: null, error: null };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs validate_settings while walking through the six stages. The request starts at once; the
 * stages only pace what the admin sees, and the bar stays at 90 % until the report has arrived.
 */
export function useSettingsValidator(
  validate: () => Promise<RunnerOutcome<{ report: ValidationReport }>>,
  onFailure: (outcome: Extract<RunnerOutcome<unknown>, { ok: false }>) => void,
) {
  const [state, setState] = useState<ValidatorState>(IDLE);
  const alive = useRef(true);
  const running = useRef(false);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    const request = validate();
    for (let i = 0; i < VALIDATOR_STAGES.length; i++) {
      if (!alive.current) return;
      setState({ status: "running", stageIndex: i, progress: stageProgress(i), report: null, error: null });
      await sleep(STAGE_DELAY_MS);
    }
    const outcome = await request;
    running.current = false;
    if (!alive.current) return;
    if (outcome.ok) {
      setState({ status: "completed", stageIndex: VALIDATOR_STAGES.length - 1, progress: 100, report: outcome.data.report, error: null });
    } else {
      setState((s) => ({ ...s, status: "failed", error: outcome.message }));
      onFailure(outcome);
    }
  }, [validate, onFailure]);

  return { ...state, run, stages: VALIDATOR_STAGES };
}
