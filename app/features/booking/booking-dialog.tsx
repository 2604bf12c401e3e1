import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Icon } from "~/components/icons";
import { useSiteContent } from "~/features/content/site-content-context";
import { readCustomerType } from "./customer-type";

type Step = { kind: "select" } | { kind: "opened"; label: string; url: string };

const choicesFor = (booking: { roomUrl: string; groomUrl: string }) =>
  [
    { label: "Book a Cat Room", detail: "Overnight stay", url: booking.roomUrl, icon: "bed" },
    { label: "Book a Groom", detail: "Full grooming service", url: booking.groomUrl, icon: "scissors" },
  ] as const;

/**
 * 'Book Your Kitty Service': each choice opens the external booking page in a new tab. The
 * dialog then shows a short confirmation step; its close button steps back to the selection.
 */
export function BookingDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [step, setStep] = useState<Step>({ kind: "select" });
  const choices = choicesFor(useSiteContent().business.booking);
  const isNew = open && readCustomerType() === "new";

  const change = (next: boolean) => {
    if (!next) setStep({ kind: "select" });
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent width="sm" hideClose>
        <DialogTitle>Book Your Kitty Service</DialogTitle>
        {step.kind === "select" ? (
          <>
            <DialogDescription>Choose a service to open our secure booking page in a new tab.</DialogDescription>
            {isNew && (
              <p className="mt-3 rounded-xl bg-accent-100 px-3 py-2 text-sm font-bold text-accent-700">
                Welcome! Your first night is free — try a 3-night stay.
              </p>
            )}
            <ul className="mt-5 grid gap-3">
              {choices.map((choice) => (
                <li key={choice.label}>
                  <a
                    href={choice.url}
                    target="_blank"
                    rel="noopener"
                    onClick={() => setStep({ kind: "opened", label: choice.label, url: choice.url })}
                    className="flex items-center gap-4 rounded-2xl border-2 border-brand-100 bg-brand-50 p-4 transition-colors hover:border-brand-400 hover:bg-white"
                  >
                    <span className="grid h-12 w-12 shrink-0 place-items-center rounded-full bg-white text-brand-700 shadow-sm">
                      <Icon name={choice.icon} className="h-6 w-6" />
                    </span>
                    <span className="flex flex-col">
                      <span className="font-display text-lg font-bold text-brand-900">{choice.label}</span>
                      <span className="text-sm text-muted">{choice.detail}</span>
                    </span>
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <div className="mt-3">
            <DialogDescription>
              We opened the booking page for “{step.label}” in a new tab. Nothing happened?{" "}
              <a className="font-bold text-brand-700 underline" href={step.url} target="_blank" rel="noopener">
                Open it again
              </a>
              .
            </DialogDescription>
          </div>
        )}
        {step.kind === "select" ? (
          <DialogPrimitive.Close
            className="absolute top-3 right-3 inline-flex h-10 w-10 items-center justify-center rounded-full text-brand-800 hover:bg-brand-100"
            aria-label="Close"
          >
            <Icon name="close" />
          </DialogPrimitive.Close>
        ) : (
          <button
            type="button"
            onClick={() => setStep({ kind: "select" })}
            className="absolute top-3 right-3 inline-flex h-10 w-10 items-center justify-center rounded-full text-brand-800 hover:bg-brand-100"
            aria-label="Back to the service choice"
          >
            <Icon name="close" />
          </button>
        )}
      </DialogContent>
    </Dialog>
  );
}
