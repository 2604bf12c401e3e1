import { getFormProps } from "@conform-to/react";
import { type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { FormToken } from "~/components/form-token";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { type FormReply, useNotice, useZodForm } from "~/lib/forms";
import { formatBusinessDateTime } from "~/lib/business-time";
import { formatCents } from "~/lib/money";
import { groomPaymentForm } from "./bill-schema";
import { methodText } from "~/domain/receipt";

/**
 * A groom paid at the desk on its own (ADR 0192): its price, by card on the salon's terminal, cash or
 * a check. On the desk's Stays page, with the page's form token (ADR 0179).
 */
export function GroomPaymentForm({
  groom,
  formToken,
}: {
  groom: { id: string; catNames: string; customerEmail: string; priceCents: number };
  formToken: string;
}) {
  const fetcher = useFetcher<FormReply>({ key: `groom-payment-${groom.id}` });
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const [form, fields] = useZodForm(groomPaymentForm, {
    id: `groom-payment-${groom.id}`,
    lastResult: fetcher.data?.result,
    defaultValue: { intent: "groomPayment", appointmentId: groom.id, method: "card" },
  });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      aria-label={`Payment: ${groom.catNames || groom.customerEmail}`}
      className="mt-3 grid gap-3 rounded-lg bg-brand-50 p-3"
    >
      <p className="font-semibold">Not paid yet: {formatCents(groom.priceCents)}</p>
      <FormToken token={formToken} />
      <input type="hidden" name="intent" value="groomPayment" />
      <input type="hidden" name="appointmentId" value={groom.id} />
      <div className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <fieldset>
          <legend className="mb-1 text-sm font-semibold">Paid by</legend>
          <div className="flex min-h-11 flex-wrap items-center gap-4">
            {(["card", "cash", "check"] as const).map((method) => (
              <label key={method} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={fields.method.name}
                  value={method}
                  defaultChecked={fields.method.initialValue === method}
                  className="h-5 w-5 accent-brand-700"
                />
                {method === "card" ? "Card" : method === "cash" ? "Cash" : "Check"}
              </label>
            ))}
          </div>
        </fieldset>
        <Field label="Check number (a check only)" field={fields.checkNumber} maxLength={30} autoComplete="off" />
        <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
          Record the payment
        </Button>
      </div>
      <FormError errors={form.errors} />
    </fetcher.Form>
  );
}

/**
 * A groom as the desk and the salon read it (ADR 0192, 0199): what, when, whose and its price, then how
 * it is paid: on its stay's bill, paid at the desk, or `unpaid` (the desk's form, or where to take it).
 */
export function GroomPaidSummary({
  groom,
  unpaid,
}: {
  groom: {
    serviceTitle: string;
    catNames: string;
    startsAt: string;
    customerEmail: string;
    priceCents: number;
    billedOnStayId: string | null;
    paid: { amountCents: number; method: "card" | "cash" | "check"; reference: string | null } | null;
  };
  unpaid: ReactNode;
}) {
  return (
    <>
      <p className="font-bold">
        {groom.serviceTitle}
        {groom.catNames ? ` · ${groom.catNames}` : ""}
      </p>
      <p className="text-sm text-muted">
        {formatBusinessDateTime(new Date(groom.startsAt))} · {groom.customerEmail} · {formatCents(groom.priceCents)}
      </p>
      {groom.billedOnStayId ? (
        <p className="mt-2 text-sm">
          On the bill of{" "}
          <Link to={`/admin/stays/${groom.billedOnStayId}/check-out`} className="font-semibold text-brand-700 underline underline-offset-4">
            its stay
          </Link>
          , which collects it.
        </p>
      ) : groom.paid ? (
        <p className="mt-2 text-sm">
          Paid at the desk: {formatCents(groom.paid.amountCents)} ({methodText(groom.paid)})
        </p>
      ) : (
        unpaid
      )}
    </>
  );
}
