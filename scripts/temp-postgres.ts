// A PostgreSQL server of a benchmark's own: initialised in a temporary folder and listening on a free
// loopback port, so the machine's own server is never touched. Removed again by stop().
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

function postgresBinDir(): string {
  const versions = fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)) return `/usr/lib/postgresql/${v}/bin`;
  throw new Error("initdb not found: install PostgreSQL (Debian: postgresql)");
}

/** PostgreSQL refuses to run as root: as root, its tools run as the postgres user. */
function asPostgres(command: string, commandArgs: string[]) {
  const isRoot = process.getuid?.() === 0;
  const [file, fileArgs] = isRoot ? ["runuser", ["-u", "postgres", "--", command, ...commandArgs]] : [command, commandArgs];
  return execFileSync(file, fileArgs, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export interface TempPostgres {
  url(database: string): string;
  restart(): void;
  stop(): void;
}

/** `name` labels the temporary folder; `settings` are extra `-c key=value` server settings. */
export async function startTempPostgres(name: string, settings: string[] = []): Promise<TempPostgres> {
  const bin = postgresBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `cathotel-${name}-pg-`));
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
  const port = await freePort();
  const dataDir = path.join(dir, "data");
  asPostgres(`${bin}/initdb`, ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  const options = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses=127.0.0.1", ...settings.map((s) => `-c ${s}`)].join(" ");
  const pgCtl = (...more: string[]) => asPostgres(`${bin}/pg_ctl`, ["-D", dataDir, "-l", path.join(dir, "log"), "-o", options, "-w", ...more]);
  pgCtl("start");
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    restart: () => pgCtl("-m", "fast", "restart"),
    stop: () => {
      try {
        pgCtl("-m", "immediate", "stop");
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The production build (`server.js`) on `port` against `databaseUrl`, with fresh secrets; resolves
 * once /healthz answers. `env` adds or overrides settings; `onExit` hears how the process ended.
 */
export async function startBuiltServer(options: {
  port: number;
  databaseUrl: string;
  smtpUrl: string;
  env?: Record<string, string>;
  onExit?: (how: string) => void;
}): Promise<ChildProcess> {
  const { port } = options;
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: options.databaseUrl,
      PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
      ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
      SMTP_URL: options.smtpUrl,
      LOG_LEVEL: "error",
      BACKUP_KEEP: "0",
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  child.on("exit", (code, signal) => options.onExit?.(`exit ${code ?? signal}`));
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`the server on port ${port} did not start`);
}
