import { type FormEvent, useState } from "react";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { Modal, ModalDescription, ModalTitle, closeModal } from "~/components/ui/modal";
import { homeCopy } from "~/content/copy";
import { modalIds } from "~/features/home/modal-ids";
import { PUBLIC_FORM_INTENTS, usePublicFormTarget } from "~/lib/public-forms";
import { postLead, sleep } from "./post-lead";
import { VOUCHER_CONSENT_TEXT } from "~/domain/consent";

/** The spec's simulated send takes about a second; the real request runs within it. */
const SENDING_MS = 1000;

/**
 * The free-night voucher request. The fields keep what was typed in the page itself (no state), so
 * the form posts to the page's action before the script runs and is sent to the API after (ADR 0117).
 */
export function VoucherDialog() {
  const id = modalIds.voucher;
  const [sending, setSending] = useState(false);
  const formTarget = usePublicFormTarget();
  const copy = homeCopy.voucher;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    setSending(true);
    const request = postLead("voucher", {
      name: fields.get("name"),
      email: fields.get("email"),
      phone: fields.get("phone"),
      consent: fields.get("consent") === "on",
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
    form.reset();
    closeModal(id);
  };

  return (
    <Modal id={id} width="md" closeDisabled={sending} onCancel={(e) => sending && e.preventDefault()}>
      <ModalTitle modalId={id}>{copy.title}</ModalTitle>
      <ModalDescription modalId={id}>{copy.description}</ModalDescription>
      <form method="post" action={formTarget} className="mt-5 grid gap-4" onSubmit={submit}>
        <input type="hidden" name="intent" value={PUBLIC_FORM_INTENTS.voucher} />
        <input type="hidden" name="consentText" value={VOUCHER_CONSENT_TEXT} />
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
          <Input id="voucher-phone" name="phone" type="tel" autoComplete="tel-national" inputMode="tel" placeholder="(949) 555-0123" required />
        </div>
        <label className="flex items-start gap-3 text-sm text-ink">
          <input type="checkbox" name="consent" required className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700" />
          <span>{VOUCHER_CONSENT_TEXT}</span>
        </label>
        <Button type="submit" variant="accent" size="lg" disabled={sending}>
          {sending ? "Sending..." : "Send My Voucher"}
        </Button>
      </form>
    </Modal>
  );
}
