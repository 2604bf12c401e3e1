import { describe, expect, it } from "vitest";
import { missingForBooking } from "./cat-profile";
import { DEFAULT_VACCINE_POLICY, awaitingReviewText, expiryDateProblem, recordStatus, vaccinePolicySentences, yearsAfter } from "./vaccines";

describe("the vaccine policy's public sentences", () => {
  it("read as the specification words them by default", () => {
    expect(vaccinePolicySentences(DEFAULT_VACCINE_POLICY)).toEqual({
      required: "Proof of current FVRCP vaccination is required for every stay.",
      recommended: "Rabies vaccination is recommended.",
    });
  });

  it("list several vaccines, and leave out the recommended line when none is", () => {
    expect(vaccinePolicySentences({ fvrcp: "required", rabies: "required", felv: "required" })).toEqual({
      required: "Proof of current FVRCP, rabies and FeLV vaccination is required for every stay.",
      recommended: null,
    });
    expect(vaccinePolicySentences({ fvrcp: "required", rabies: "recommended", felv: "recommended" }).recommended).toBe(
      "Rabies and FeLV vaccination is recommended.",
    );
  });
});

describe("an expiry date", () => {
  const today = "2016-03-10";
  it("may be today and up to three years out, not before and not after", () => {
    expect(expiryDateProblem(today, today)).toBeNull();
    expect(expiryDateProblem("2019-03-10", today)).toBeNull();
    expect(expiryDateProblem("2016-03-09", today)).toBe("This date has passed: upload a current certificate.");
    expect(expiryDateProblem("2019-03-11", today)).toMatch(/^Vaccines last at most 3 years/);
    expect(expiryDateProblem("2026-03-10", today)).toMatch(/^Vaccines last at most 3 years/);
  });

  it("makes a record expired the day after it, whatever staff decided, except a rejection", () => {
    expect(recordStatus({ status: "verified", expiresOn: today }, today)).toBe("verified");
    expect(recordStatus({ status: "verified", expiresOn: today }, "2016-03-11")).toBe("expired");
    expect(recordStatus({ status: "awaiting_review", expiresOn: today }, "2016-03-11")).toBe("expired");
    expect(recordStatus({ status: "rejected", expiresOn: today }, "2016-03-11")).toBe("rejected");
    expect(yearsAfter("2024-02-29", 1)).toBe("2025-02-28");
  });
});

describe("what a cat needs before booking", () => {
  const cat = { sex: "female", birthDate: "2020-01-01", spayedNeutered: "yes" };
  it("names each required vaccine without a verified, current record", () => {
    expect(missingForBooking(cat, [], DEFAULT_VACCINE_POLICY)).toEqual(["FVRCP record needed"]);
    expect(missingForBooking(cat, [{ vaccine: "fvrcp", status: "awaiting_review" }], DEFAULT_VACCINE_POLICY)).toEqual(["FVRCP awaiting review"]);
    expect(missingForBooking(cat, [{ vaccine: "fvrcp", status: "expired" }], DEFAULT_VACCINE_POLICY)).toEqual(["FVRCP expired"]);
    expect(missingForBooking(cat, [{ vaccine: "fvrcp", status: "rejected" }], DEFAULT_VACCINE_POLICY)).toEqual(["FVRCP record needed"]);
    expect(missingForBooking(cat, [{ vaccine: "fvrcp", status: "verified" }], DEFAULT_VACCINE_POLICY)).toEqual([]);
    expect(
      missingForBooking({ ...cat, birthDate: null }, [{ vaccine: "fvrcp", status: "verified" }], { ...DEFAULT_VACCINE_POLICY, rabies: "required" }),
    ).toEqual(["Birth date or age needed", "Rabies record needed"]);
  });
});

describe("the Documents queue's count", () => {
  it("says how many records await review, and how many of them a page shows when it shows only some", () => {
    expect(awaitingReviewText(1, 1)).toBe("1 record is awaiting review.");
    expect(awaitingReviewText(3, 3)).toBe("3 records are awaiting review.");
    expect(awaitingReviewText(120, 50)).toBe("120 records are awaiting review; this page shows 50 of them, oldest first.");
  });
});
