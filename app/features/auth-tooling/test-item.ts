import type { TestItemStatus } from "~/features/wordpress/schema";

/** The spec's tooling test result item: name, status, message, optional details and duration (ms). */
export interface TestResultItem {
  name: string;
  status: TestItemStatus;
  message: string;
  details?: Record<string, unknown>;
  duration?: number;
}

export const NOT_STARTED = "Not started";
export const TESTING = "Testing...";

export const pendingItem = (name: string): TestResultItem => ({ name, status: "pending", message: NOT_STARTED });
export const runningItem = (name: string): TestResultItem => ({ name, status: "running", message: TESTING });

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class TimeoutError extends Error {}

/** Rejects with `message` when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export interface Summary {
  passed: number;
  failed: number;
  total: number;
  /** Rounded percentage of passed tests. */
  successRate: number;
}

export function summarize(items: readonly TestResultItem[]): Summary {
  const passed = items.filter((i) => i.status === "passed").length;
  const failed = items.filter((i) => i.status === "failed").length;
  const total = items.length;
  return { passed, failed, total, successRate: total === 0 ? 0 : Math.round((passed / total) * 100) };
}
