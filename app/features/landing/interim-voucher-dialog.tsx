// Interim stand-in for the home page's voucher dialog (see home-parts.ts); deleted when that is merged.
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Input, Label } from "~/components/ui/input";
import { homeCopy } from "~/content/copy";
import { VOUCHER_CONSENT_TEXT } from "~/features/leads/schema";

export function VoucherDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [sending, setSending] = useState(false);
  const copy = homeCopy.voucher;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSending(true);
    const response = await fetch("/api/leads/voucher", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: form.get("name"),
        email: form.get("email"),
        phone: form.get("phone"),
        consent: form.get("consent") === "on",
        consentText: VOUCHER_CONSENT_TEXT,
        sourcePage: window.location.pathname,
      }),
    }).catch(() => null);
    setSending(false);
    if (!response?.ok) return void toast.error("We could not send your request");
    toast.success(copy.success, { description: copy.successDescription });
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !sending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>{copy.title}</DialogTitle>
        <DialogDescription>{copy.description}</DialogDescription>
        <form className="mt-5 grid gap-4" onSubmit={submit}>
          <div>
            <Label htmlFor="voucher-name">Full name</Label>
            <Input id="voucher-name" name="name" autoComplete="name" required />
          </div>
          <div>
            <Label htmlFor="voucher-email">Email</Label>
            <Input id="voucher-email" name="email" type="email" autoComplete="email" required />
          </div>
          <div>
            <Label htmlFor="voucher-phone">Phone</Label>
            <Input id="voucher-phone" name="phone" type="tel" autoComplete="tel" required />
          </div>
          <label className="flex gap-3 text-sm">
            <input type="checkbox" name="consent" required className="mt-1 h-4 w-4" />
            {copy.consent}
          </label>
          <Button type="submit" disabled={sending}>
            {sending ? "Sending..." : "Claim Your Free Night"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
