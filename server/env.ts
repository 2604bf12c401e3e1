import { isIP } from "node:net";
import { z } from "~/lib/zod";
import { EMBED_ORIGINS } from "./http/security-headers";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const emailList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );

const hostList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );

/** The names Express's `trust proxy` understands for address ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split("/");
  const family = isIP(address ?? "");
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For is believed (Express's `trust proxy`): a number of hops in front of
 * the server, or a comma-separated list of addresses, CIDR ranges and the names loopback, linklocal,
 * uniquelocal. Never "everything": the client address decides the per-client limits.
 */
const trustProxy = z
  .string()
  .trim()
  .default("loopback")
  .transform((value, ctx) => {
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean);
    const bad = entries.filter((e) => !isAddressOrRange(e));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `must be a number of proxy hops (e.g. 1) or a comma-separated list of addresses, CIDR ranges or loopback/linklocal/uniquelocal${bad.length ? `; not understood: ${bad.join(", ")}` : ""}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    DATA_DIR: z.string().default("./data"),
    // Backups (ADR 0139): where `npm run backup` and the daily backup write, and how many the daily one keeps (0: no daily backup).
    BACKUP_DIR: z.string().trim().min(1).default("./backups"),
    BACKUP_KEEP: z.coerce.number().int().min(0).max(3650).default(14),
    PUBLIC_SITE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    SESSION_SECRET: optionalString.pipe(z.string().min(32).optional()),
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: z.string().default("Cat Hotel <hello@example.com>"),
    ADMIN_EMAILS: emailList,
    TWILIO_ACCOUNT_SID: optionalString,
    TWILIO_AUTH_TOKEN: optionalString,
    TWILIO_FROM_NUMBER: optionalString,
    BUSINESS_PHONE: z.string().default("+19495550100"),
    // Deposits through Stripe Checkout; without the secret key a simulated provider takes them (ADR 0132).
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    // How long a stay waits for its deposit before the suite is released.
    STAY_PAYMENT_HOLD_MINUTES: z.coerce.number().positive().max(1440).default(30),
    // Tests only: POST /test/clock moves the server's clock forward and runs the periodic jobs; GET /test/texts reads the simulated texts.
    TEST_CLOCK: z.stringbool().default(false),
    WORDPRESS_ALLOWED_HOSTS: hostList,
    ENCRYPTION_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex characters (32 bytes)")
        .optional(),
    ),
    TRUST_PROXY: trustProxy,
    MAX_BODY_BYTES: z.coerce.number().int().positive().default(100_000),
    // Callback abuse limits (the same number is never called twice within 15 minutes, fixed).
    // Sign-in mails: one per address per minute (fixed); per client address and site-wide per hour.
    SIGN_IN_MAILS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(20),
    SIGN_IN_MAILS_PER_HOUR: z.coerce.number().int().positive().default(500),
    CALLBACK_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(5),
    CALLBACK_GLOBAL_PER_HOUR: z.coerce.number().int().positive().default(30),
    // The appointment scheduler shown on /book-online; the CSP frames only this one origin.
    SCHEDULER_EMBED_URL: optionalString.pipe(
      z
        .url({ protocol: /^https$/ })
        .refine((v) => new URL(v).origin === EMBED_ORIGINS.scheduler, `must be a ${EMBED_ORIGINS.scheduler}/… URL`)
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== "production") return;
    if (env.TEST_CLOCK) ctx.addIssue({ code: "custom", path: ["TEST_CLOCK"], message: "is for tests and is refused in production" });
    for (const key of ["PUBLIC_SITE_URL", "SESSION_SECRET", "SMTP_URL", "ENCRYPTION_KEY"] as const) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required in production" });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
      ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "is required with STRIPE_SECRET_KEY" });
    if (env.TWILIO_ACCOUNT_SID && !(env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM_NUMBER)) {
      ctx.addIssue({
        code: "custom",
        path: ["TWILIO_AUTH_TOKEN"],
        message: "TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER are required with TWILIO_ACCOUNT_SID",
      });
    }
  });

export type Env = z.infer<typeof envSchema> & { PUBLIC_SITE_URL: string; isProduction: boolean };

export class EnvError extends Error {}

/** Reads and validates the environment once at start-up; a bad value names its variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  return {
    ...env,
    PUBLIC_SITE_URL: (env.PUBLIC_SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    isProduction: env.NODE_ENV === "production",
  };
}

/** The only configuration the browser may see. Anything not listed here stays on the server. */
export function browserEnv(env: Env) {
  return {
    PUBLIC_SITE_URL: env.PUBLIC_SITE_URL,
  };
}
export type BrowserEnv = ReturnType<typeof browserEnv>;

/** For a process's start (the server, a command): the settings, or the bad one's message and exit code 1. */
export function loadEnvOrExit(source: NodeJS.ProcessEnv = process.env): Env {
  try {
    return loadEnv(source);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
