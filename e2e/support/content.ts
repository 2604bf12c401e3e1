import { type APIRequestContext, expect } from "@playwright/test";
import type { ContentKey } from "../../app/features/content/schema";
import { formToken } from "./form-token";

/**
 * Publishes a section of the site content as the Content page's form does: a post to the page's
 * action, from a context signed in as staff. A spec that edits content runs its own server, which
 * starts from the content modules' texts (`defaultEditableBusiness`), so it builds the value from those.
 */
export async function publishContent(request: APIRequestContext, section: ContentKey, value: unknown) {
  const res = await request.post("/admin/content", { form: { intent: "publish", section, value: JSON.stringify(value), formToken: formToken() } });
  expect(res.status(), `publishing ${section}`).toBe(200);
}

/** Puts a section back to the original texts, as the page's "Revert to original texts" button does. */
export async function revertContent(request: APIRequestContext, section: ContentKey) {
  const res = await request.post("/admin/content", { form: { intent: "revert", section, formToken: formToken() } });
  expect(res.status(), `reverting ${section}`).toBe(200);
}
