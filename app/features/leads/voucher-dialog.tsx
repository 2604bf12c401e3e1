import { type FormEvent, useState } from "react";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Input, Label } from "~/components/ui/input";
import { homeCopy } from "~/content/copy";
import { postLead, sleep } from "./post-lead";
import { VOUCHER_CONSENT_TEXT } from "./consent";

const empty = { name: "", email: "", phone: "", consent: false };

/** The spec's simulated send takes about a second; the real request runs within it. */
const SENDING_MS = 1000;

export function VoucherDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [fields, setFields] = useState(empty);
  const [sending, setSending] = useState(false);
  const copy = homeCopy.voucher;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    const request = postLead("voucher", {
      name: fields.name,
      email: fields.email,
      phone: fields.phone,
      consent: fields.consent,
      consentText: VOUCHER_CONSENT_TEXT,
      sourcePage: window.location.pathname,
    });
    const [outcome] = await Promise.allSettled([request, sleep(SENDING_MS)]);
    setSending(false);
    if (outcome.status === "rejected") {
      toast.error("We could not send your request", { description: (outcome.reason as Error).message });
      return;
    }
    // Say what happened: the voucher is in their inbox, or the request is kept and staff will follow up.
    if (outcome.value.mailed) toast.success(copy.success, { description: copy.successDescription });
    else toast.success(copy.savedNotMailed, { description: copy.savedNotMailedDescription });
    setFields(empty);
    onOpenChange(false);
  };

  const set = (name: keyof typeof empty) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setFields((f) => ({ ...f, [name]: name === "consent" ? event.target.checked : event.target.value }));

  return (
    <Dialog open={open} onOpenChange={(next) => !sending && onOpenChange(next)}>
      <DialogContent width="md">
        <DialogTitle>{copy.title}</DialogTitle>
        <DialogDescription>{copy.description}</DialogDescription>
        <form className="mt-5 grid gap-4" onSubmit={submit}>
          <div>
            <Label htmlFor="voucher-name">Full name</Label>
            <Input id="voucher-name" name="name" autoComplete="name" required value={fields.name} onChange={set("name")} />
          </div>
          <div>
            <Label htmlFor="voucher-email">Email</Label>
            <Input id="voucher-email" name="email" type="email" autoComplete="email" required value={fields.email} onChange={set("email")} />
          </div>
          <div>
            <Label htmlFor="voucher-phone">Phone</Label>
            <Input
              id="voucher-phone"
              name="phone"
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
              placeholder="(949) 555-0123"
              required
              value={fields.phone}
              onChange={set("phone")}
            />
          </div>
          <label className="flex items-start gap-3 text-sm text-ink">
            <input
              type="checkbox"
              name="consent"
              required
              checked={fields.consent}
              onChange={set("consent")}
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
            />
            <span>{VOUCHER_CONSENT_TEXT}</span>
          </label>
          <Button type="submit" variant="accent" size="lg" disabled={sending}>
            {sending ? "Sending..." : "Send My Voucher"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
