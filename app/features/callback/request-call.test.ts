import { afterEach, describe, expect, it, vi } from "vitest";
import { requestCall } from "./request-call";

function answer(status: number, body: string) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body, { status, headers: { "content-type": "application/json" } })),
  );
}
afterEach(() => vi.unstubAllGlobals());

describe("requestCall (the browser side of the call request)", () => {
  it("sends +1 and the 10 digits with the page it came from", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ callSid: "CA1", status: "simulated" }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    expect(await requestCall("9492491234", "/")).toEqual({ callSid: "CA1", status: "simulated" });
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/callback",
      expect.objectContaining({ method: "POST", body: JSON.stringify({ phoneNumber: "+19492491234", sourcePage: "/" }) }),
    );
  });

  it("shows the server's message when it gives one", async () => {
    answer(503, JSON.stringify({ error: { code: "SAVE_FAILED", message: "Failed to save phone number" } }));
    await expect(requestCall("9492491234", "/")).rejects.toThrow("Failed to save phone number");
  });

  it("says 'Invalid response from call service' when a success carries no callSid", async () => {
    answer(200, JSON.stringify({ status: "placed" }));
    await expect(requestCall("9492491234", "/")).rejects.toThrow("Invalid response from call service");
    answer(200, "not json");
    await expect(requestCall("9492491234", "/")).rejects.toThrow("Invalid response from call service");
  });

  it("falls back to the spec's generic message on a network failure or an unreadable error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(requestCall("9492491234", "/")).rejects.toThrow("Failed to initiate call. Please try again.");
    answer(502, "<html>Bad gateway</html>");
    await expect(requestCall("9492491234", "/")).rejects.toThrow("Failed to initiate call. Please try again.");
  });
});
