import { useEffect, useRef, useState } from "react";
import { Icon } from "~/components/icons";
import { dialogCloseButtonClass } from "~/components/ui/dialog-look";
import { Modal, ModalDescription, ModalTitle, closesModal } from "~/components/ui/modal";
import { useSiteContent } from "~/features/content/site-content-context";
import { modalIds } from "~/features/home/modal-ids";
import { readCustomerType } from "./customer-type";
import { groomBooking, roomBooking } from "./room-booking";

type Step = { kind: "select" } | { kind: "opened"; label: string; url: string };

const choicesFor = (booking: { online: boolean; roomUrl: string; groomUrl: string }) =>
  [
    { label: "Book a Cat Room", detail: "Overnight stay", ...roomBooking(booking), icon: "bed" },
    { label: "Book a Groom", detail: "Full grooming service", ...groomBooking(booking), icon: "scissors" },
  ] as const;

/**
 * 'Book Your Kitty Service': each choice opens the external booking page in a new tab. With script
 * the dialog then shows a short confirmation step; its close button steps back to the selection.
 */
export function BookingDialog() {
  const id = modalIds.booking;
  const [step, setStep] = useState<Step>({ kind: "select" });
  const [isNew, setIsNew] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const choices = choicesFor(useSiteContent().business.booking);

  // The welcome line follows the answer given in the customer-type dialog, read as the dialog opens.
  useEffect(() => {
    const element = dialog.current;
    const opened = (event: Event) => (event as ToggleEvent).newState === "open" && setIsNew(readCustomerType() === "new");
    element?.addEventListener("toggle", opened);
    return () => element?.removeEventListener("toggle", opened);
  }, []);

  return (
    <Modal ref={dialog} id={id} width="sm" hideClose onClose={() => setStep({ kind: "select" })}>
      <ModalTitle modalId={id}>Book Your Kitty Service</ModalTitle>
      {step.kind === "select" ? (
        <>
          <ModalDescription modalId={id}>Choose a service to open our secure booking page in a new tab.</ModalDescription>
          {isNew && (
            <p className="mt-3 rounded-xl bg-accent-100 px-3 py-2 text-sm font-bold text-accent-700">Welcome! Your first night is free — try a 3-night stay.</p>
          )}
          <ul className="mt-5 grid gap-3">
            {choices.map((choice) => (
              <li key={choice.label}>
                <a
                  href={choice.url}
                  // An outside booking page opens in a new tab and the dialog says so; Book a Stay and Book a Groom open here.
                  {...(choice.external
                    ? { target: "_blank", rel: "noopener", onClick: () => setStep({ kind: "opened", label: choice.label, url: choice.url }) }
                    : {})}
                  className="flex items-center gap-4 rounded-2xl border-2 border-brand-100 bg-brand-50 p-4 transition-colors hover:border-brand-400 hover:bg-white"
                >
                  <span className="grid h-12 w-12 shrink-0 place-items-center rounded-full bg-white text-brand-700 shadow-sm">
                    <Icon name={choice.icon} className="h-6 w-6" />
                  </span>
                  <span className="flex flex-col">
                    <span className="font-display text-lg font-bold text-brand-900">{choice.label}</span>
                    <span className="text-sm text-muted">{choice.detail}</span>
                  </span>
                  {choice.external ? <span className="sr-only"> (opens in a new tab)</span> : null}
                </a>
              </li>
            ))}
          </ul>
          <button {...closesModal(id)} className={dialogCloseButtonClass} aria-label="Close">
            <Icon name="close" />
          </button>
        </>
      ) : (
        <>
          <div className="mt-3">
            <ModalDescription modalId={id}>
              We opened the booking page for “{step.label}” in a new tab. Nothing happened?{" "}
              <a className="font-bold text-brand-700 underline" href={step.url} target="_blank" rel="noopener">
                Open it again
              </a>
              .
            </ModalDescription>
          </div>
          <button type="button" onClick={() => setStep({ kind: "select" })} className={dialogCloseButtonClass} aria-label="Back to the service choice">
            <Icon name="close" />
          </button>
        </>
      )}
    </Modal>
  );
}
