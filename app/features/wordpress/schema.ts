import { z } from "zod";

/** What load_credentials sends instead of the stored application password (which never leaves the server). */
export const PASSWORD_MASK = "••••••••••••••••";

export const MISSING_INFORMATION = "Missing Information";
export const INVALID_URL = "Invalid URL";
export const invalidUrlMessage = "Please enter a valid WordPress site URL (including https:// or http://)";
export const missingInformationMessage = (purpose: "testing" | "saving") =>
  `Please fill in all connection details before ${purpose}.`;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export const credentialsSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, "Please fill in all connection details.")
    .max(2048)
    .refine(isHttpUrl, invalidUrlMessage),
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
  z.object({ action: z.literal("save_credentials"), credentials: credentialsSchema }),
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
  status: "passed" | "failed";
  responseTime: number;
  statusCode: number | null;
  errorMessage: string | null;
  timestamp: string;
}

export interface ValidationTestItem {
  test_name: string;
  message: string;
  status: TestItemStatus;
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
  started_at: string;
  completed_at: string;
  categories: Record<ValidationCategory, ValidationTestItem[]>;
  recommendations: string[];
}
