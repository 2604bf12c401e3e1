import { describe, expect, it } from "vitest";
import { EnvError, browserEnv, loadEnv } from "./env";

describe("loadEnv", () => {
  it("starts with defaults when nothing is configured", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_SITE_URL).toBe("http://localhost:3000");
  });

  it("names the variable that is wrong", () => {
    expect(() => loadEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });

  it("refuses to start in production without the secrets production needs", () => {
    let message = "";
    try {
      loadEnv({ NODE_ENV: "production" });
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      message = (error as Error).message;
    }
    for (const key of ["PUBLIC_SITE_URL", "SESSION_SECRET", "SMTP_URL", "ENCRYPTION_KEY"]) expect(message).toContain(key);
  });

  it("treats empty strings as unset", () => {
    expect(loadEnv({ DATABASE_URL: "", SMTP_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it("reads admin e-mails as a lower-cased list", () => {
    expect(loadEnv({ ADMIN_EMAILS: " Owner@Example.com, ,b@x.org" }).ADMIN_EMAILS).toEqual(["owner@example.com", "b@x.org"]);
  });

  it("exposes only the listed values to the browser", () => {
    const env = loadEnv({ SESSION_SECRET: "s".repeat(40), TWILIO_AUTH_TOKEN: "secret" });
    expect(Object.keys(browserEnv(env))).toEqual(["PUBLIC_SITE_URL"]);
  });

  it("reads TRUST_PROXY as a hop count or a list of addresses and ranges; loopback by default", () => {
    expect(loadEnv({}).TRUST_PROXY).toEqual(["loopback"]);
    expect(loadEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(0);
    expect(loadEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, 2001:db8::1, fd00::/8" }).TRUST_PROXY).toEqual(["loopback", "10.0.0.0/8", "2001:db8::1", "fd00::/8"]);
    for (const bad of ["true", "everyone", "10.0.0.0/33", "1.2.3", "fd00::/129", "10.0.0.1/8/2", "-1", ","]) {
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be a number of proxy hops/);
    }
  });
});
