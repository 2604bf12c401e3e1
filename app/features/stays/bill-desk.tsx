import { getFormProps, getSelectProps } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "react-router";
import { FormToken } from "~/components/form-token";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { FieldError, Label } from "~/components/ui/input";
import { formatCalendarDayWeekday } from "~/lib/business-time";
import { type FormReply, replyTo, useZodForm } from "~/lib/forms";
import { formatCents } from "~/lib/money";
import { BILL_LINE_LABELS, TYPED_BILL_LINE_KINDS } from "~/domain/bill-lines";
import { billLineForm } from "./bill-schema";
import type { PriceLine } from "~/domain/pricing";
import { PriceTable } from "./price-summary";

export interface GroomOnBill {
  id: string;
  serviceTitle: string;
  catNames: string;
  day: string;
  priceCents: number;
  settled: "billed" | "paid" | null;
}

export interface DeskBill {
  lines: PriceLine[];
  totalCents: number;
  /** The lines the desk added, which it may remove before check-out (ADR 0199). */
  added: { id: string; label: string; cents: number }[];
  grooms: GroomOnBill[];
}

/** One line of what the desk added or a groom of the stay: its words, then what the desk can do with it. */
const DESK_LINE = "flex flex-wrap items-center justify-between gap-2 rounded-lg bg-brand-50 p-2";

/** The stay's bill as the receipt will show it: every price line (the booked price's, and those the desk added) and the total. */
export function BillTable({ bill }: { bill: Pick<DeskBill, "lines" | "totalCents"> }) {
  return <PriceTable caption="Bill" lines={bill.lines} totalCents={bill.totalCents} />;
}

/**
 * The bill at check-out (ADR 0192): the stay's lines and total, the lines the desk added (each
 * removable before check-out, ADR 0199), the grooms done during the stay (each added at its price,
 * once), and a form for a line the desk types. A discount is a manager's right: the front desk is not
 * offered it.
 */
export function BillDesk({ stayId, bill, canDiscount, formToken }: { stayId: string; bill: DeskBill; canDiscount: boolean; formToken: string }) {
  const actionData = useActionData<FormReply>();
  const reply = replyTo(actionData, "billLine");
  const groomReply = replyTo(actionData, "groomLine");
  const removeReply = replyTo(actionData, "removeLine");
  const navigation = useNavigation();
  const posting = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const kinds = TYPED_BILL_LINE_KINDS.filter((k) => k !== "discount" || canDiscount);
  const [form, fields] = useZodForm(billLineForm, {
    id: "bill-line",
    lastResult: reply?.result,
    defaultValue: { intent: "billLine", stayId, kind: "late_pickup" },
  });
  return (
    <div className="grid gap-4">
      <BillTable bill={bill} />
      {bill.added.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="font-semibold">Added at the desk</h3>
          <ul className="grid gap-2">
            {bill.added.map((l) => (
              <li key={l.id} className={DESK_LINE}>
                <span className="break-words">
                  {l.label} · {formatCents(l.cents)}
                </span>
                <Form method="post">
                  <FormToken token={formToken} />
                  <input type="hidden" name="intent" value="removeLine" />
                  <input type="hidden" name="stayId" value={stayId} />
                  <input type="hidden" name="lineId" value={l.id} />
                  <Button type="submit" size="sm" variant="outline" disabled={posting("removeLine")} aria-label={`Remove ${l.label} from the bill`}>
                    Remove
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
          <FormError errors={removeReply?.result.error?.[""] ?? undefined} />
        </div>
      ) : null}
      {bill.grooms.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="font-semibold">Grooms during the stay</h3>
          <ul className="grid gap-2">
            {bill.grooms.map((g) => (
              <li key={g.id} className={DESK_LINE}>
                <span className="break-words">
                  {g.serviceTitle}
                  {g.catNames ? ` · ${g.catNames}` : ""} · {formatCalendarDayWeekday(g.day)} · {formatCents(g.priceCents)}
                </span>
                {g.settled === "billed" ? (
                  <span className="text-sm font-semibold">On the bill</span>
                ) : g.settled === "paid" ? (
                  <span className="text-sm font-semibold">Paid at the desk</span>
                ) : (
                  <Form method="post">
                    <FormToken token={formToken} />
                    <input type="hidden" name="intent" value="groomLine" />
                    <input type="hidden" name="stayId" value={stayId} />
                    <input type="hidden" name="appointmentId" value={g.id} />
                    <Button type="submit" size="sm" variant="outline" disabled={posting("groomLine")}>
                      Add the groom to the bill
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
          <FormError errors={groomReply?.result.error?.[""] ?? undefined} />
        </div>
      ) : null}
      <Form method="post" className="grid gap-3 rounded-lg bg-brand-50 p-3" {...getFormProps(form)} aria-label="Add a line to the bill">
        <h3 className="font-semibold">Add a line</h3>
        <FormToken token={formToken} />
        <input type="hidden" name="intent" value="billLine" />
        <input type="hidden" name="stayId" value={stayId} />
        <div className="grid items-start gap-3 md:grid-cols-[12rem_1fr_10rem]">
          <div>
            <Label htmlFor={fields.kind.id}>Kind of line</Label>
            <select
              {...getSelectProps(fields.kind)}
              key={fields.kind.key}
              className="h-11 w-full rounded-xl border border-brand-200 bg-white px-3 focus:border-brand-500 focus:ring-2 focus:ring-brand-300 focus:outline-none"
            >
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {BILL_LINE_LABELS[k]}
                </option>
              ))}
            </select>
            <FieldError id={fields.kind.errorId}>{fields.kind.errors?.[0]}</FieldError>
          </div>
          <Field label={canDiscount ? "Description (a discount: its reason)" : "Description"} field={fields.description} maxLength={120} autoComplete="off" />
          <Field label="Amount ($)" field={fields.amount} inputMode="decimal" autoComplete="off" />
        </div>
        <FormError id={form.errorId} errors={form.errors} />
        <div>
          <Button type="submit" variant="outline" disabled={posting("billLine")}>
            {posting("billLine") ? "Adding..." : "Add to the bill"}
          </Button>
        </div>
      </Form>
    </div>
  );
}
