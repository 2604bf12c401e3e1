import { describe, expect, it } from "vitest";
import { catForm } from "~/features/cats/schema";
import { stayWindowsForm } from "~/features/stays/admin-schema";
import { checkInPlanForm } from "~/features/stays/check-in-schema";
import { z } from "~/lib/zod";
import { submitForm } from "./form-action";
import { MAX_FORM_LIST_ROWS, listOverflow, listTooLongMessage, withinLists } from "./form-lists";

const form = (fields: Array<[string, string]>) => {
  const data = new FormData();
  for (const [key, value] of fields) data.append(key, value);
  return data;
};

describe("listOverflow", () => {
  it("holds a list to its schema's maximum", () => {
    expect(listOverflow(form([["medications[9].name", "x"]]), catForm)).toBeNull();
    expect(listOverflow(form([["medications[10].name", "x"]]), catForm)).toEqual({ name: "medications", max: 10 });
    expect(listOverflow(form([["cats[9999].catId", "x"]]), checkInPlanForm)).toEqual({ name: "cats", max: 6 });
  });

  it("follows nested lists, through preprocess, transform and optional wrappers", () => {
    expect(listOverflow(form([["cats[5].medications[2].name", "x"]]), checkInPlanForm)).toBeNull();
    expect(listOverflow(form([["arrival[6][0].from", "09:00"]]), stayWindowsForm)).toBeNull();
    expect(listOverflow(form([["arrival[7][0].from", "09:00"]]), stayWindowsForm)).toEqual({ name: "arrival", max: 7 });
    // A day's windows set no maximum: the global cap holds them.
    expect(listOverflow(form([["arrival[1][99999].from", "09:00"]]), stayWindowsForm)).toEqual({ name: "arrival[1]", max: MAX_FORM_LIST_ROWS });
  });

  it("holds a list without a maximum, and a field the schema does not know, to the global cap", () => {
    const schema = z.object({ rows: z.array(z.object({ a: z.string() })) });
    expect(listOverflow(form([[`rows[${MAX_FORM_LIST_ROWS - 1}].a`, "x"]]), schema)).toBeNull();
    expect(listOverflow(form([[`rows[${MAX_FORM_LIST_ROWS}].a`, "x"]]), schema)).toEqual({ name: "rows", max: MAX_FORM_LIST_ROWS });
    expect(listOverflow(form([["list[100000]", "x"]]), schema)).toEqual({ name: "list", max: MAX_FORM_LIST_ROWS });
    expect(listOverflow(form([["a.b[3].c[100000]", "x"]]), schema)).toEqual({ name: "a.b[3].c", max: MAX_FORM_LIST_ROWS });
    expect(listOverflow(form([["rows[99999999999999999999].a", "x"]]), schema)).not.toBeNull();
  });

  it("ignores names Conform ignores, and lists posted without indices", () => {
    const schema = z.object({ ids: z.array(z.string()).max(2) });
    expect(
      listOverflow(
        form([
          ["ids[-1]", "x"],
          ["a..b[999]", "x"],
          ["ids[]", "x"],
          ["ids", "a"],
          ["ids", "b"],
          ["ids", "c"],
        ]),
        schema,
      ),
    ).toBeNull();
  });

  it("keeps what the lists take", () => {
    const kept = withinLists(
      form([
        ["name", "Tom"],
        ["medications[0].name", "a"],
        ["medications[9999].name", "x"],
      ]),
      catForm,
    );
    expect([...kept.entries()]).toEqual([
      ["name", "Tom"],
      ["medications[0].name", "a"],
    ]);
  });
});

describe("submitForm with a list past its last row", () => {
  type Answer = { data: { result: { status: string; initialValue: Record<string, unknown>; error: Record<string, string[]> } }; init: { status: number } };

  it("refuses it with a 400 that says so, echoes at most the list's rows and never runs the change", async () => {
    let ran = false;
    const started = performance.now();
    const answer = (await submitForm(
      form([
        ["intent", "save"],
        ["name", "Tom"],
        ["medications[9999].name", "x"],
      ]),
      catForm,
      async () => {
        ran = true;
      },
    )) as unknown as Answer;
    expect(performance.now() - started).toBeLessThan(500);
    expect(ran).toBe(false);
    expect(answer.init.status).toBe(400);
    expect(answer.data.result.error[""]).toEqual([listTooLongMessage(10)]);
    expect(answer.data.result.error.medications).toEqual([listTooLongMessage(10)]);
    expect(answer.data.result.initialValue).toMatchObject({ name: "Tom" });
    expect(answer.data.result.initialValue.medications).toBeUndefined();
    expect(JSON.stringify(answer.data).length).toBeLessThan(2_000);
  });

  it("echoes a refused form's rows up to the list's maximum", async () => {
    const answer = (await submitForm(form([["medications[9].name", "x"]]), catForm, async () => {})) as unknown as Answer;
    expect(answer.init.status).toBe(400);
    expect((answer.data.result.initialValue.medications as unknown[]).length).toBe(10);
  });
});
