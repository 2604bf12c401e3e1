import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/input";
import { type FormReply, replyTo } from "~/lib/forms";
import { formatCents } from "~/lib/money";
import { type PaidPayment, methodText } from "~/domain/receipt";

/** A card link the desk just made: shown beside its stay until the page is left. */
export interface BalanceLink {
  stayId: string;
  url: string;
  /** The QR code, an SVG image's data address drawn by the server. */
  qr: string;
  amountCents: number;
}

export interface DeskBalance {
  dueCents: number;
  paid: PaidPayment[];
}

interface Props {
  stay: { id: string; catNames: string[]; household: string };
  balance: DeskBalance;
}

/**
 * The balance at check-out on the desk's check-out page (ADR 0154, 0161): what is due, taken by card
 * (a link shown as a QR code and mailed to the customer) or recorded as cash or a check. The page's
 * Check out form asks why when a balance is left unpaid.
 */
export function BalanceDesk({ stay, balance }: Props) {
  const actionData = useActionData<FormReply & { balanceLink?: BalanceLink }>();
  const navigation = useNavigation();
  const posting = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData?.get("stayId") === stay.id;
  const errorsOf = (intent: string) => {
    const reply = replyTo(actionData, intent);
    return (reply?.result.initialValue as Record<string, unknown> | null | undefined)?.stayId === stay.id ? (reply?.result.error ?? {}) : {};
  };
  const link = actionData?.balanceLink?.stayId === stay.id ? actionData.balanceLink : null;
  const who = `${stay.catNames.join(" & ")} (${stay.household})`;
  const id = (field: string) => `balance-${field}-${stay.id}`;
  const deskErrors = errorsOf("balanceDesk");
  const settled = balance.paid.filter((p) => p.kind === "balance");
  return (
    <div className="grid w-full gap-2 rounded-lg bg-brand-50 p-2" role="group" aria-label={`Balance: ${who}`}>
      <p className="text-sm font-semibold">
        {balance.dueCents > 0 ? `Balance due: ${formatCents(balance.dueCents)}` : "Nothing is due"}
        {settled.map((p) => ` · Balance paid: ${formatCents(p.amountCents)} (${methodText(p)})`).join("")}
      </p>
      {balance.dueCents > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="balanceCard" />
            <input type="hidden" name="stayId" value={stay.id} />
            <Button type="submit" size="sm" variant="outline" disabled={posting("balanceCard")}>
              {posting("balanceCard") ? "Making the link..." : "Take by card"}
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="balanceDesk" />
            <input type="hidden" name="method" value="cash" />
            <input type="hidden" name="stayId" value={stay.id} />
            <Button type="submit" size="sm" variant="outline" disabled={posting("balanceDesk")}>
              Record cash
            </Button>
          </Form>
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="balanceDesk" />
            <input type="hidden" name="method" value="check" />
            <input type="hidden" name="stayId" value={stay.id} />
            <div>
              <Label htmlFor={id("check")}>Check number</Label>
              <Input
                id={id("check")}
                name="checkNumber"
                required
                maxLength={30}
                className="h-9 w-32"
                aria-describedby={deskErrors.checkNumber ? id("check-error") : undefined}
              />
            </div>
            <Button type="submit" size="sm" variant="outline" disabled={posting("balanceDesk")}>
              Record check
            </Button>
          </Form>
        </div>
      ) : null}
      <FieldError id={id("check-error")}>{deskErrors.checkNumber?.[0]}</FieldError>
      {link ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-white p-2">
          <img src={link.qr} alt={`QR code of the card payment link for ${formatCents(link.amountCents)}`} width={160} height={160} />
          <p className="min-w-0 text-sm break-all">
            The customer scans this to pay {formatCents(link.amountCents)} by card; the link is also e-mailed to them.{" "}
            <a href={link.url} className="underline">
              {link.url}
            </a>
          </p>
        </div>
      ) : null}
    </div>
  );
}
