import { describe, expect, it } from "vitest";
import { handleIntent } from "./form-action";

const posted = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};

describe("handleIntent", () => {
  const handlers = { cancel: async (form: FormData) => `cancelled ${String(form.get("stayId"))}` };

  it("calls the posted intent's handler with the form", async () => {
    expect(await handleIntent(posted({ intent: "cancel", stayId: "s1" }), handlers)).toBe("cancelled s1");
  });

  it.each<Record<string, string>>([{ intent: "pay" }, { intent: "constructor" }, { intent: "toString" }, {}])(
    "answers an intent it lacks (%o) as a form out of date",
    async (fields) => {
      const reply = await handleIntent(posted(fields), handlers);
      expect(reply).toMatchObject({ init: { status: 400 }, data: { notice: { description: "This form is out of date. Reload the page and try again." } } });
    },
  );
});
