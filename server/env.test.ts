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
});
