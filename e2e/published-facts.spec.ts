import { business } from "../app/content/business";
import { defaultEditableBusiness } from "../app/features/content/business-defaults";
import { publishContent } from "./support/content";
import { expect, test } from "./support/own-server";

/**
 * One source for each business fact: once an admin publishes new contact details, every public page
 * shows them and none still shows the defaults. Publishing changes what every visitor sees, so the
 * spec runs its own server (fresh embedded database).
 */

const PUBLISHED = {
  phone: "(714) 262-4411",
  groomingPhone: "(714) 262-4422",
  email: "frontdesk@lagunacats.test",
  street: "27001 La Paz Rd, Suite 4",
  taxId: "95-1234567",
};

const PUBLIC_PAGES = [
  "/",
  "/cat-boarding-laguna-niguel",
  "/book-online",
  "/home-backup-27.05.25",
  "/privacy-policy",
  "/terms",
  "/cookie-policy",
  "/auth",
  "/unsubscribe",
];

test("facts published in Content reach every public page, and the defaults are gone", async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn(page, { as: "admin", open: false });
  const current = defaultEditableBusiness;
  const value = {
    ...current,
    phone: PUBLISHED.phone,
    groomingPhone: PUBLISHED.groomingPhone,
    email: PUBLISHED.email,
    address: { ...current.address, street: PUBLISHED.street },
    taxId: PUBLISHED.taxId,
  };
  await publishContent(page.request, "business", value);

  const visitor = page.context().request;
  for (const path of PUBLIC_PAGES) {
    const html = await (await visitor.get(path, { headers: { cookie: "" } })).text();
    for (const old of [business.phone.display, business.groomingPhone.display, business.email, business.address.street, business.taxId]) {
      expect(html, `${path} still shows the default "${old}"`).not.toContain(old);
    }
  }
  // Where each fact is shown, it is the published one (tel: links dial it too).
  const home = await (await visitor.get("/")).text();
  for (const fact of [PUBLISHED.phone, "tel:+17142624411", PUBLISHED.groomingPhone, PUBLISHED.email, PUBLISHED.street, PUBLISHED.taxId]) {
    expect(home, `the home page lacks "${fact}"`).toContain(fact);
  }
  for (const path of ["/cat-boarding-laguna-niguel", "/privacy-policy"]) {
    expect(await (await visitor.get(path)).text(), `${path} lacks the published e-mail or phone`).toMatch(new RegExp(`${PUBLISHED.email}|\\(714\\) 262-4411`));
  }
});
