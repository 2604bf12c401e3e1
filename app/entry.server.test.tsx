import type { AppLoadContext, EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import handleRequest, { handleError } from "./entry.server";

const silent = { warn: () => {}, error: () => {} } as unknown as AppLoadContext["logger"];

describe("a page whose loader or action met a database outage", () => {
  it("is answered 503 with Retry-After and a plain page, not the error boundary's 500", async () => {
    const request = new Request("http://localhost/appointments");
    const context = { logger: silent, cspNonce: "", failures: { databaseUnavailable: false } } as unknown as AppLoadContext;
    const outage = new Error("Failed query: select …", { cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) });
    handleError(outage, { request, context, params: {} } as Parameters<typeof handleError>[1]);
    expect(context.failures?.databaseUnavailable).toBe(true);

    const response = await handleRequest(request, 500, new Headers(), {} as EntryContext, context);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    const html = await response.text();
    expect(html).toContain("We will be right back");
    expect(html).not.toContain("ECONNREFUSED");
  });

  it("leaves other errors to the error boundary", () => {
    const context = { logger: silent, cspNonce: "", failures: { databaseUnavailable: false } } as unknown as AppLoadContext;
    handleError(new TypeError("a bug"), { request: new Request("http://localhost/"), context, params: {} } as Parameters<typeof handleError>[1]);
    expect(context.failures?.databaseUnavailable).toBe(false);
  });
});
