import { z } from "~/lib/zod";

/** What load_credentials sends instead of the stored application password (which never leaves the server). */
export const PASSWORD_MASK = "••••••••••••••••";

export const MISSING_INFORMATION = "Missing Information";
export const INVALID_URL = "Invalid URL";
export const invalidUrlMessage = "Please enter a valid WordPress site URL (including https:// or http://)";
export const missingInformationMessage = (purpose: "testing" | "saving") => `Please fill in all connection details before ${purpose}.`;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export const credentialsSchema = z.object({
  url: z.string().trim().min(1, "Please fill in all connection details.").max(2048).refine(isHttpUrl, invalidUrlMessage),
  username: z.string().trim().min(1, "Please fill in all connection details.").max(200),
  password: z.string().min(1, "Please fill in all connection details.").max(200),
});
export type Credentials = z.infer<typeof credentialsSchema>;

/** run_api_test names a test by id; the server runs its own definition of it. */
export const apiTestRefSchema = z.object({
  id: z.string().min(1).max(100),
  method: z.string().optional(),
  endpoint: z.string().optional(),
  requiresAuth: z.boolean().optional(),
  testData: z.unknown().optional(),
  expectedStatus: z.number().optional(),
});

export const runnerRequestSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("load_credentials") }),
  // dry_run: the save is made and rolled back, proving it works without changing the saved row.
  z.object({ action: z.literal("save_credentials"), credentials: credentialsSchema, dry_run: z.boolean().optional() }),
  z.object({ action: z.literal("test_credentials"), credentials: credentialsSchema }),
  z.object({ action: z.literal("validate_settings") }),
  z.object({ action: z.literal("run_api_test"), test: apiTestRefSchema }),
  z.object({ action: z.literal("run_all_tests") }),
  z.object({ action: z.literal("check_status") }),
  z.object({ action: z.literal("test_connectivity"), url: z.string().trim().max(2048).refine(isHttpUrl, invalidUrlMessage).optional() }),
  z.object({ action: z.literal("seed_test_configurations") }),
]);
export type RunnerRequest = z.infer<typeof runnerRequestSchema>;

export type TestItemStatus = "passed" | "failed" | "warning" | "running" | "pending";
/** not_run: a check that could not run (the site out of reach, the time limit); it scores 0. */
export type CheckStatus = TestItemStatus | "not_run";

/** The most one run against the site may take: the validator on the server, Run All in the browser. */
export const RUN_TIME_LIMIT_MS = 60_000;

/**
 * Error codes of a result that say the site itself is the problem (unreachable, redirected, not
 * WordPress's root, stopped by the time limit or a cancel): every other test would fail the same
 * way, so a run stops there with this one finding.
 */
export const SITE_PROBLEM_CODES: readonly string[] = [
  "REDIRECTED",
  "NOT_WORDPRESS",
  "NOT_SITE_ROOT",
  "TIMEOUT",
  "CONNECTION_FAILED",
  "DNS_FAILED",
  "BLOCKED_ADDRESS",
  "BLOCKED_PROTOCOL",
  "INVALID_URL",
  "TOO_MANY_REDIRECTS",
  "ABORTED",
];

export interface ConnectionInfo {
  connection_name: string;
  last_tested_at: string | null;
  last_test_status: string | null;
}

export interface ConnectionTestResult {
  success: boolean;
  message: string;
  code?: string;
  userRole: string | null;
  siteTitle: string | null;
  wpVersion: string | null;
}

export interface ApiTestResult {
  testId: string;
  status: "passed" | "failed" | "not_run";
  /** Set when the site (not this test) is the problem: one of SITE_PROBLEM_CODES. */
  errorCode?: string;
  responseTime: number;
  statusCode: number | null;
  errorMessage: string | null;
  timestamp: string;
}

export interface ValidationTestItem {
  test_name: string;
  message: string;
  status: CheckStatus;
  response_time: number | null;
  score: number;
  details?: Record<string, unknown>;
}

export const VALIDATION_CATEGORIES = ["credentials", "api_endpoints", "database", "performance", "security"] as const;
export type ValidationCategory = (typeof VALIDATION_CATEGORIES)[number];

export interface ValidationReport {
  overall_score: number;
  passed_tests: number;
  failed_tests: number;
  warning_tests: number;
  not_run_tests: number;
  /** Why the run ended early (the time limit), or null. */
  stopped: string | null;
  started_at: string;
  completed_at: string;
  categories: Record<ValidationCategory, ValidationTestItem[]>;
  recommendations: string[];
}

/** validate_settings asked for as a stream (Accept: application/x-ndjson): one JSON object a line. */
export type ValidatorStreamLine = { stage: number } | { result: { success: true; report: ValidationReport } } | { error: { code: string; message: string } };

export const VALIDATOR_STREAM_TYPE = "application/x-ndjson";
