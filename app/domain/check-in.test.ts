import { describe, expect, it } from "vitest";
import { CHECK_IN_STATUS_LABELS, checkInOpen, checkInStatus } from "./check-in";

const MISO = "8f0c3c1e-7d5e-4a55-9d8e-0b7c4a1f2e01";
const TOFU = "8f0c3c1e-7d5e-4a55-9d8e-0b7c4a1f2e02";

describe("a stay's check-in status", () => {
  it("is not started, incomplete, or ready once the plan covers every cat and the agreement is signed", () => {
    const stayCatIds = [MISO, TOFU];
    expect(checkInStatus({ stayCatIds, planCatIds: null, signed: false })).toBe("not_started");
    expect(checkInStatus({ stayCatIds, planCatIds: [MISO, TOFU], signed: false })).toBe("incomplete");
    expect(checkInStatus({ stayCatIds, planCatIds: null, signed: true })).toBe("incomplete");
    expect(checkInStatus({ stayCatIds, planCatIds: [TOFU, MISO], signed: true })).toBe("ready");
    // A cat added to the stay after the plan was confirmed has no plan yet.
    expect(checkInStatus({ stayCatIds, planCatIds: [MISO], signed: true })).toBe("incomplete");
    expect(Object.values(CHECK_IN_STATUS_LABELS)).toEqual(["Not started", "Incomplete", "Ready"]);
  });

  it("is open for a booked stay until its arrival day", () => {
    expect(checkInOpen({ status: "confirmed", checkIn: "2031-05-02" }, "2031-05-02")).toBe(true);
    expect(checkInOpen({ status: "pending_review", checkIn: "2031-05-09" }, "2031-05-02")).toBe(true);
    expect(checkInOpen({ status: "confirmed", checkIn: "2031-05-01" }, "2031-05-02")).toBe(false);
    expect(checkInOpen({ status: "checked_in", checkIn: "2031-05-02" }, "2031-05-02")).toBe(false);
    expect(checkInOpen({ status: "cancelled", checkIn: "2031-05-09" }, "2031-05-02")).toBe(false);
  });
});
