import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { E2E_ADMIN_EMAILS } from "./identities";
import { SMTP_PORT } from "./mail";

export interface ExtraServer {
  /** http://localhost:PORT */
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Everything the process printed so far. */
  output(): string;
  /** Stops the process (SIGKILL unless told otherwise), waits for it, and removes its data folder. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Names the migrated data folder global-setup.ts made, which a new server starts from a copy of. */
export const TEMPLATE_DATA_DIR_VARIABLE = "E2E_TEMPLATE_DATA_DIR";

/**
 * A new data folder: a copy of the run's migrated template, or empty without one. Its owner removes it.
 * Copied without blocking: a server started ahead (support/own-server.ts) copies while a test runs.
 */
export async function freshDataDir() {
  const dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "cat-hotel-e2e-extra-"));
  const template = process.env[TEMPLATE_DATA_DIR_VARIABLE];
  if (template) await fs.promises.cp(template, dataDir, { recursive: true, filter: (source) => path.basename(source) !== "server.lock" });
  return dataDir;
}

/** A port nobody listens on right now (the system picks it). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls /healthz until it answers 200, or fails when the process exits first or `timeoutMs` passes. */
export async function waitForHealthy(server: Pick<ExtraServer, "url" | "exited" | "output">, timeoutMs = 90_000) {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`server at ${server.url} exited (${exitCode}) before it was healthy:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${server.url} did not become healthy within ${timeoutMs} ms:\n${server.output()}`);
}

/**
 * Starts another production server (`node server.js`, the build the suite runs) on a free port (or `port`) with
 * a fresh embedded database (a copy of the run's migrated template), sending mail to the suite's test SMTP listener and making the e2e admin
 * addresses admins. For specs that change what every visitor sees, or that test the process itself.
 * `env` overrides or adds variables (an empty string unsets one in effect); `echo` prints its output as it comes.
 */
export async function startExtraServer(
  options: { env?: Record<string, string>; dataDir?: string; waitUntilHealthy?: boolean; port?: number; echo?: boolean } = {},
): Promise<ExtraServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? (await freshDataDir());
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "",
      PUBLIC_SITE_URL: "",
      LOG_LEVEL: "warn",
      BACKUP_KEEP: "0",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      ADMIN_EMAILS: E2E_ADMIN_EMAILS.join(","),
      ...options.env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  // The suite's shared server shows what it logs (warnings and errors) with the run's own output.
  if (options.echo) for (const stream of [child.stdout!, child.stderr!]) stream.on("data", (d) => process.stderr.write(d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const server: ExtraServer = {
    url: `http://localhost:${port}`,
    port,
    child,
    exited,
    output: () => output,
    stop: async (signal = "SIGKILL") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      if (!options.dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
    },
  };
  if (options.waitUntilHealthy ?? true) {
    try {
      await waitForHealthy(server);
    } catch (error) {
      await server.stop();
      throw error;
    }
  }
  return server;
}
