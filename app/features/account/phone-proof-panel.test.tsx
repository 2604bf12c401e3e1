// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { FormReply } from "~/lib/forms";
import { PHONE_PROOF_TEXT, type PhoneProofStatus } from "~/domain/phone-proof";
import { PhoneProofPanel } from "./phone-proof-panel";

afterEach(cleanup);

const MOBILE = "+19495550177";
let posted: Record<string, FormDataEntryValue>[] = [];

/** The panel on a page whose action answers as /account's does to a wrong code (ADR 0112's reply). */
function renderPanel(status: PhoneProofStatus, mobile: string | null = MOBILE) {
  posted = [];
  const Stub = createRoutesStub([
    {
      path: "/account",
      Component: () => <PhoneProofPanel mobile={mobile} status={status} formToken="a-test-form-token-0001" />,
      action: async ({ request }) => {
        const form = Object.fromEntries(await request.formData());
        posted.push(form);
        return data<FormReply>(
          {
            result: { status: "error", initialValue: form as Record<string, string>, error: { "": [PHONE_PROOF_TEXT.codeWrong] } },
            notice: { kind: "error", title: "Code not accepted", description: PHONE_PROOF_TEXT.codeWrong },
          },
          { status: 400 },
        );
      },
    },
  ]);
  return render(<Stub initialEntries={["/account"]} />);
}

describe("the mobile's proof on /account", () => {
  it("says the number is not verified, what verifying gives, and offers to verify it", () => {
    renderPanel({ state: "none" });
    const panel = screen.getByRole("region", { name: "Your mobile number" });
    expect(within(panel).getByText("(949) 555-0177")).toBeTruthy();
    expect(within(panel).getByText(PHONE_PROOF_TEXT.notVerified)).toBeTruthy();
    expect(within(panel).getByText(PHONE_PROOF_TEXT.why)).toBeTruthy();
    const button = within(panel).getByRole("button", { name: "Verify this number" });
    // A plain form with its intent: it posts without JavaScript too.
    const form = button.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect((form.querySelector("input[name=intent]") as HTMLInputElement).value).toBe("send-phone-code");
    expect(within(panel).queryByLabelText(PHONE_PROOF_TEXT.codeLabel)).toBeNull();
  });

  it("takes the texted code, and shows the server's refusal under it", async () => {
    renderPanel({ state: "code-sent", expiresAt: "2026-11-26T18:10:00.000Z" });
    const panel = screen.getByRole("region", { name: "Your mobile number" });
    expect(within(panel).getByRole("button", { name: "Send a new code" })).toBeTruthy();
    fireEvent.change(within(panel).getByLabelText(PHONE_PROOF_TEXT.codeLabel), { target: { value: "123456" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Confirm code" }));
    expect(await within(panel).findByRole("alert")).toHaveProperty("textContent", PHONE_PROOF_TEXT.codeWrong);
    expect(posted).toEqual([{ intent: "confirm-phone-code", code: "123456" }]);
  });

  it("refuses a code that is not 6 digits before sending it", async () => {
    renderPanel({ state: "code-sent", expiresAt: "2026-11-26T18:10:00.000Z" });
    fireEvent.change(screen.getByLabelText(PHONE_PROOF_TEXT.codeLabel), { target: { value: "12a" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm code" }));
    expect(await screen.findByText(PHONE_PROOF_TEXT.codeFormat)).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it("says Verified and what it gives, with nothing more to do", () => {
    renderPanel({ state: "verified", verifiedAt: "2026-11-26T18:02:00.000Z" });
    const panel = screen.getByRole("region", { name: "Your mobile number" });
    expect(within(panel).getByText(PHONE_PROOF_TEXT.verified)).toBeTruthy();
    expect(within(panel).getByText(PHONE_PROOF_TEXT.verifiedWhy)).toBeTruthy();
    expect(within(panel).queryByRole("button")).toBeNull();
  });

  it("shows nothing before a mobile is saved", () => {
    renderPanel({ state: "none" }, null);
    expect(screen.queryByRole("region", { name: "Your mobile number" })).toBeNull();
  });
});
