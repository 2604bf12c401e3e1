import { useCallback, useId, useState } from "react";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Badge, type BadgeTone, Panel } from "~/components/ui/panel";
import { formatBusinessDateTime } from "~/lib/business-time";
import { cn } from "~/lib/cn";
import { WP_TEXT } from "./messages";
import { type RunnerOutcome, streamValidation } from "./runner-client";
import { type CheckStatus, RUN_TIME_LIMIT_MS, VALIDATION_CATEGORIES, type ValidationCategory, type ValidationReport, type ValidationTestItem } from "./schema";
import { useSettingsValidator } from "./use-settings-validator";
import { scoreTone, scoreToneBar, scoreToneClass } from "./validator-progress";

type Failure = Extract<RunnerOutcome<unknown>, { ok: false }>;

export const CATEGORY_LABELS: Record<ValidationCategory, string> = {
  credentials: "Credentials",
  api_endpoints: "API Endpoints",
  database: "Database",
  performance: "Performance",
  security: "Security",
};

export const statusTone: Record<CheckStatus, BadgeTone> = {
  passed: "success",
  failed: "danger",
  warning: "warning",
  not_run: "neutral",
  running: "info",
  pending: "neutral",
};

export const statusLabel = (status: CheckStatus) => (status === "not_run" ? "not run" : status);

const validate = (onStage: (index: number) => void, signal: AbortSignal) => streamValidation(onStage, { signal });

function TestItem({ item }: { item: ValidationTestItem }) {
  const tone = scoreTone(item.score * 10);
  return (
    <li className="rounded-xl border border-brand-100 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-bold text-brand-900">{item.test_name}</span>
        <Badge tone={statusTone[item.status]}>{statusLabel(item.status)}</Badge>
        <span className={cn("ml-auto text-sm font-bold", tone === "yellow" ? "text-yellow-800" : scoreToneClass[tone])}>{item.score}/10</span>
      </div>
      <p className="mt-1 text-sm break-words">{item.message}</p>
      {item.response_time !== null ? <p className="mt-0.5 text-xs text-muted">{item.response_time} ms</p> : null}
      {item.details && Object.keys(item.details).length > 0 ? (
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer font-semibold text-brand-800">Details</summary>
          <pre className="mt-1 overflow-x-auto rounded-lg bg-slate-50 p-2 whitespace-pre-wrap break-words">{JSON.stringify(item.details, null, 2)}</pre>
        </details>
      ) : null}
    </li>
  );
}

export function ValidationReportView({ report }: { report: ValidationReport }) {
  const tone = scoreTone(report.overall_score);
  return (
    <div className="mt-4 grid gap-4" data-testid="validation-report">
      <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
        <p>
          <span className="block text-sm font-semibold text-muted">Overall score</span>
          <span className={cn("font-display text-5xl font-bold", scoreToneClass[tone])} data-testid="overall-score" data-tone={tone}>
            {report.overall_score}
          </span>
          <span className="text-muted">/100</span>
        </p>
        <ul className="flex flex-wrap gap-2 text-sm">
          <li>
            <Badge tone="success">{report.passed_tests} passed</Badge>
          </li>
          <li>
            <Badge tone="warning">{report.warning_tests} warnings</Badge>
          </li>
          <li>
            <Badge tone="danger">{report.failed_tests} failed</Badge>
          </li>
          {report.not_run_tests > 0 ? (
            <li>
              <Badge tone="neutral">{report.not_run_tests} not run</Badge>
            </li>
          ) : null}
        </ul>
      </div>
      {report.stopped ? (
        <p className="rounded-xl bg-red-50 px-4 py-3 text-sm font-semibold text-red-800" data-testid="validation-stopped">
          {report.stopped} Checks that had not run count as failed.
        </p>
      ) : null}
      <p className="text-xs text-muted">
        Started {formatBusinessDateTime(new Date(report.started_at))} · completed {formatBusinessDateTime(new Date(report.completed_at))}
      </p>
      {VALIDATION_CATEGORIES.map((category) => {
        const items = report.categories[category] ?? [];
        if (items.length === 0) return null;
        return (
          <section key={category} aria-labelledby={`validator-${category}`}>
            <h3 id={`validator-${category}`} className="text-lg">
              {CATEGORY_LABELS[category]}
            </h3>
            <ul className="mt-2 grid gap-2 md:grid-cols-2">
              {items.map((item) => (
                <TestItem key={item.test_name} item={item} />
              ))}
            </ul>
          </section>
        );
      })}
      {report.recommendations.length > 0 ? (
        <section aria-labelledby="validator-recommendations" className="rounded-xl bg-accent-100 p-4">
          <h3 id="validator-recommendations" className="text-lg">
            Recommendations
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {report.recommendations.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export function SettingsValidator({ onAuthRequired }: { onAuthRequired: (failure: Failure) => void }) {
  const onFailure = useCallback(
    (failure: Failure) => {
      if (failure.authRequired) onAuthRequired(failure);
      toast.error(WP_TEXT.validationFailedTitle, { description: failure.message });
    },
    [onAuthRequired],
  );
  const validator = useSettingsValidator(validate, onFailure);
  const progressId = useId();
  const [started, setStarted] = useState(false);
  const running = validator.status === "running";
  const tone = scoreTone(validator.progress === 100 && validator.report ? validator.report.overall_score : 100);

  return (
    <Panel
      title="Settings Validator"
      data-testid="settings-validator"
      description={`Checks the saved connection end to end: credentials, every enabled endpoint, the database, speed and security. A run stops after ${RUN_TIME_LIMIT_MS / 1000} seconds; checks that could not run count against the score.`}
      actions={
        <>
          <Button
            onClick={() => {
              setStarted(true);
              void validator.run();
            }}
            disabled={running}
          >
            {running ? "Validating..." : "Validate Settings"}
          </Button>
          {running ? (
            <Button variant="outline" onClick={validator.cancel}>
              Cancel
            </Button>
          ) : null}
        </>
      }
    >
      {started ? (
        <div>
          <div className="flex items-center justify-between text-sm font-semibold">
            <span id={progressId} aria-live="polite" data-testid="validator-stage">
              {validator.status === "completed"
                ? "Validation complete"
                : validator.status === "failed"
                  ? "Validation failed"
                  : validator.status === "cancelled"
                    ? "Validation cancelled"
                    : `${validator.stages[validator.stageIndex] ?? validator.stages[0]}...`}
            </span>
            <span data-testid="validator-progress">{validator.progress}%</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby={progressId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={validator.progress}
            className="mt-2 h-2.5 overflow-hidden rounded-full bg-brand-100"
          >
            <div
              className={cn(
                "h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none",
                validator.status === "failed"
                  ? "bg-red-600"
                  : validator.status === "cancelled"
                    ? "bg-slate-400"
                    : validator.report
                      ? scoreToneBar[tone]
                      : "bg-brand-600",
              )}
              style={{ width: `${validator.progress}%` }}
            />
          </div>
          <ol className="mt-3 grid grid-cols-2 gap-1 text-xs sm:grid-cols-3 lg:grid-cols-6">
            {validator.stages.map((stage, i) => {
              const done = validator.status === "completed" || i < validator.stageIndex;
              const current = running && i === validator.stageIndex;
              return (
                <li
                  key={stage}
                  className={cn(
                    "rounded-lg px-2 py-1",
                    done ? "bg-green-50 text-green-900" : current ? "bg-sky-50 font-bold text-sky-900" : "bg-slate-50 text-slate-700",
                  )}
                >
                  <span aria-hidden="true">{done ? "✓ " : current ? "● " : "○ "}</span>
                  {stage}
                </li>
              );
            })}
          </ol>
          {validator.status === "failed" && validator.error ? <p className="mt-3 text-sm font-semibold text-red-700">{validator.error}</p> : null}
          {validator.status === "cancelled" ? <p className="mt-3 text-sm font-semibold text-brand-900">{validator.error}</p> : null}
          {validator.report ? <ValidationReportView report={validator.report} /> : null}
        </div>
      ) : (
        <p className="text-sm text-muted">Save the connection settings, then validate them.</p>
      )}
    </Panel>
  );
}
