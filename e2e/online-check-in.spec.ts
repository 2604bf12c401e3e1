import crypto from "node:crypto";
import { weekdayOf } from "../app/domain/calendar";
import { expectNoAxeViolations } from "./support/axe";
import { addCatByForm, certificate, expectStatus, saveHouseholdByForm } from "./support/cats";
import { businessDayAhead } from "./support/dates";
import { expect, test } from "./support/auth";
import { formToken } from "./support/form-token";

// Online check-in (ADR 0158): the owner of an upcoming stay opens it from My Trips, confirms the care
// plan, names a person who may collect the cat, signs the boarding agreement, and My Trips says
// "Ready". The rules (the status, the signature kept whole, three people at most, the reminder) are
// tested on the database (server/stays/check-in.db.test.ts). At a phone's width and a desktop's.

/** Days ahead of the first Tuesday at least `days` ahead (arrivals and departures are open Tuesday to Friday). */
function tuesdayAhead(days: number) {
  for (let d = days; ; d++) if (weekdayOf(businessDayAhead(d).iso) === 2) return d;
}

test("the owner checks in online from My Trips and the stay is ready", { tag: "@both-widths" }, async ({ page, signIn }) => {
  const cat = `Clementine ${crypto.randomBytes(3).toString("hex")}`;
  const from = tuesdayAhead(240 + crypto.randomInt(90));
  await signIn(page, { open: false });
  await saveHouseholdByForm(page);
  const catId = await addCatByForm(page, cat);
  // A record awaiting review is enough to book: the suite is held until staff check it.
  const uploaded = await page.request.post(`/cats/${catId}`, {
    multipart: {
      intent: "upload-record",
      formToken: formToken(),
      vaccine: "fvrcp",
      expiresOn: businessDayAhead(from + 30).iso,
      document: certificate(`${cat}.pdf`),
    },
  });
  await expectStatus(uploaded, 200, `upload ${cat}'s FVRCP`);
  await page.goto(`/book/stay?checkIn=${businessDayAhead(from).iso}&checkOut=${businessDayAhead(from + 2).iso}&catIds=${catId}`);
  await page.getByRole("button", { name: "Review booking" }).click();
  await page.getByRole("button", { name: "Confirm booking" }).click();

  const card = page.getByRole("list", { name: "Upcoming stays" }).locator("> li").filter({ hasText: cat });
  await expect(card.getByText("Check-in: Not started")).toBeVisible();
  await card.getByRole("link", { name: "Check in online" }).click();

  await expect(page.getByRole("heading", { name: "Check in online", level: 1 })).toBeVisible();
  const plan = page.getByRole("group", { name: cat, exact: true });
  await plan.getByLabel(`Food for ${cat}`).fill("Indoor dry food");
  await plan.getByLabel(`Amount per meal for ${cat}`).fill("1/4 cup, twice a day");
  await plan.getByLabel(`Belongings you bring for ${cat}`).fill("A blue blanket");
  await page.getByLabel("Spending limit for a vet visit, in dollars").fill("500");
  const call = page.getByRole("group", { name: "Who to call" });
  await call.getByLabel("Name").fill("Bo Ruiz");
  await call.getByLabel("Phone").fill("(949) 249-5678");
  await page.getByLabel("Person 1: name").fill("Cy Ruiz");
  await page.getByLabel("Person 1: mobile").fill("(949) 249-5679");
  await page.getByRole("button", { name: "Confirm care plan" }).click();
  await expect(page.getByText("Care plan confirmed.")).toBeVisible();
  await expect(page.getByText("Check-in: Incomplete")).toBeVisible();

  await page.getByLabel("Your full name").fill("Ana M. Ruiz");
  await page.getByLabel("I have read the boarding agreement and agree to it for this stay.").check();
  await page.getByRole("button", { name: "Sign the agreement" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Signed by Ana M. Ruiz on" })).toBeVisible();
  await expect(page.getByText("Check-in: Ready")).toBeVisible();
  await expect(page.getByLabel("Person 1: mobile")).toHaveValue("(949) 249-5679");
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "← My Trips" }).click();
  await expect(card.getByText("Check-in: Ready")).toBeVisible();
});
