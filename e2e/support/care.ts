import crypto from "node:crypto";
import { type Browser, type Page, expect } from "@playwright/test";
import { certificate, expectStatus, saveHouseholdByForm } from "./cats";
import { businessDayAhead } from "./dates";
import { gotoHydrated } from "./hydration";
import { bookStayByForm, checkInAtDesk, openEveryDay } from "./stays";
import type { SignIn } from "./auth";
import { formToken } from "./form-token";
import { ROLE_LABELS } from "../../app/domain/roles";

/**
 * The care journeys' start (ADR 0157, 0165): a new owner in a browser context of their own (the
 * admin page's viewport, or `ownerViewport`: an owner on a phone beside staff on a desktop) whose cat,
 * taking Methimazole at `doseTime`, has its FVRCP verified by `admin`, booked as Book a Stay's form posts
 * it, arriving today, and checked in at the desk. It opens every day to arrivals (admin Rooms): a spec
 * that uses it runs on a server of its own (`./own-server`).
 */
export async function catCheckedIn(browser: Browser, baseURL: string, signIn: SignIn, admin: Page, doseTime: string, ownerViewport = admin.viewportSize()) {
  const { owner, page, email, cat, catId } = await ownerOfMedicatedCat(browser, baseURL, signIn, admin, doseTime, ownerViewport);
  await openEveryDay(admin);
  const stayId = await bookStayByForm(page, [catId], businessDayAhead(0).iso, businessDayAhead(2).iso);
  await checkInAtDesk(admin, stayId, [catId]);
  return { owner, page, email, cat, catId, stayId };
}

/** A new owner in a browser context of their own (the admin page's viewport unless told) whose cat takes Methimazole at `doseTime`, its FVRCP verified by `admin`. */
export async function ownerOfMedicatedCat(browser: Browser, baseURL: string, signIn: SignIn, admin: Page, doseTime: string, viewport = admin.viewportSize()) {
  const owner = await browser.newContext({ baseURL, viewport });
  const page = await owner.newPage();
  // The page stays blank: every caller opens its own next.
  const email = await signIn(page, { open: false });
  await saveHouseholdByForm(page);
  const { cat, catId } = await addCatWithFvrcp(page, admin, doseTime);
  return { owner, page, email, cat, catId };
}

/** A cat added to the signed-in owner's household on `page` (taking Methimazole at `doseTime`, if given), its FVRCP verified by `admin`. */
export async function addCatWithFvrcp(page: Page, admin: Page, doseTime?: string) {
  const cat = `Pepper ${crypto.randomBytes(3).toString("hex")}`;
  const added = await page.request.post("/cats/new", {
    multipart: {
      intent: "save",
      formToken: formToken(),
      name: cat,
      sex: "female",
      spayedNeutered: "yes",
      approximateAge: "9",
      ...(doseTime ? { "medications[0].name": "Methimazole", "medications[0].dose": "2.5 mg", "medications[0].times": doseTime } : {}),
    },
    maxRedirects: 0,
  });
  await expectStatus(added, 302, `add ${cat}`);
  const catId = new URL(added.headers()["location"]!, "http://localhost").searchParams.get("saved")!;
  const uploaded = await page.request.post(`/cats/${catId}`, {
    multipart: { intent: "upload-record", formToken: formToken(), vaccine: "fvrcp", expiresOn: businessDayAhead(300).iso, document: certificate(`${cat}.pdf`) },
  });
  await expectStatus(uploaded, 200, `upload ${cat}'s FVRCP`);
  const recordId = /\/vaccine-records\/([0-9a-f-]+)\/document/.exec(await uploaded.text())![1]!;
  await expectStatus(
    await admin.request.post("/admin/documents", { form: { intent: "verify", recordId, expiresOn: businessDayAhead(300).iso } }),
    200,
    "verify the FVRCP",
  );
  return { cat, catId };
}

/**
 * A team member who is not an admin, in a browser context of their own, added by `admin`: through
 * admin Team's form on its page (`through: "team page"`, for a test of that page: `admin` is left on
 * it), or that form posted as the page posts it, for set-up whose test checks what they do next
 * (walking the page cost seconds per member).
 */
export async function teamMember(
  browser: Browser,
  baseURL: string,
  signIn: SignIn,
  admin: Page,
  role = "Care attendant",
  { through = "form" }: { through?: "form" | "team page" } = {},
) {
  const team = await browser.newContext({ baseURL, viewport: admin.viewportSize() });
  const page = await team.newPage();
  const email = await signIn(page, { open: false });
  // The name the stay's history shows for what they do (ADR 0196): fresh, like the address.
  const name = `${role} ${email.split("@")[0]!.slice(-6)}`;
  const added = `${name} is on the team, as ${role}.`;
  if (through === "form") {
    const roleValue = Object.entries(ROLE_LABELS).find(([, label]) => label === role)?.[0];
    expect(roleValue, `a role named ${role}`).toBeDefined();
    const posted = await admin.request.post("/admin/team", { form: { intent: "add", fullName: name, email, role: roleValue! } });
    await expectStatus(posted, 200, `add ${name} to the team`);
    expect(await posted.text(), "the Team page's answer").toContain(added);
    return { team, page, email, name };
  }
  await gotoHydrated(admin, "/admin/team");
  await admin.getByLabel("Their full name").fill(name);
  await admin.getByLabel("Their e-mail address").fill(email);
  await admin.getByLabel("Role", { exact: true }).selectOption({ label: role });
  await admin.getByRole("button", { name: "Add to the team" }).click();
  await expect(admin.getByText(added).first()).toBeVisible();
  return { team, page, email, name };
}
