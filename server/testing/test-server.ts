import type { AddressInfo } from "node:net";
import { createApp } from "../app";
import type { Database } from "../db/client";
import { type Env, loadEnv } from "../env";
import { createLogger } from "../logger";

export interface TestServer {
  url: string;
  env: Env;
  close(): Promise<void>;
}

/** The real Express app (API, headers, errors) on an ephemeral port, against a test database. */
export async function startTestServer(database: Database, envOverrides: Record<string, string> = {}): Promise<TestServer> {
  const env = loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", ...envOverrides });
  const app = createApp({ env, logger: createLogger(env.LOG_LEVEL), database });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    env,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
