import type { ComponentProps, MouseEvent, ReactNode } from "react";
import { cn } from "~/lib/cn";
import { CloseGlyph, dialogCloseButtonClass, dialogFrames, type dialogWidths as widths, framed } from "./dialog-look";

/**
 * A modal that works from the first paint, before and without JavaScript (ADR 0117): a native
 * `<dialog>` in the server's HTML, opened by a button carrying `command="show-modal"` and
 * `commandfor` (the browser's invoker commands), closed by `command="close"`, Escape or a click on
 * the backdrop (`closedby="any"`). The browser traps focus, makes the page inert, returns focus to
 * the opener and shows `::backdrop`. Script, once it runs, only adds what a click needs beyond that.
 */

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged declaration keeps React's parameter name
  interface ButtonHTMLAttributes<T> {
    /** Invoker commands: what the button does to the element named by `commandfor`. */
    command?: "show-modal" | "close" | "request-close" | "toggle-popover" | "show-popover" | "hide-popover";
    commandfor?: string;
  }
}

/** The browser runs `commandfor` itself; without that (older browsers) script does it once loaded. */
const browserRunsCommands = () => typeof HTMLButtonElement !== "undefined" && "commandForElement" in HTMLButtonElement.prototype;

function dialogById(id: string): HTMLDialogElement | null {
  const element = document.getElementById(id);
  return element instanceof HTMLDialogElement ? element : null;
}

/** Opens the modal `id` from script (a step that follows another, e.g. the booking choices after the customer type). */
export function showModal(id: string) {
  const dialog = dialogById(id);
  if (dialog && !dialog.open) dialog.showModal();
}

export function closeModal(id: string) {
  dialogById(id)?.close();
}

/**
 * The props of a button that opens the modal `id`. `onClick` runs first and may call
 * `event.preventDefault()` to open something else instead.
 */
export function opensModal(id: string, onClick?: (event: MouseEvent<HTMLButtonElement>) => void) {
  return {
    type: "button" as const,
    command: "show-modal" as const,
    commandfor: id,
    "aria-haspopup": "dialog" as const,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      onClick?.(event);
      if (!event.defaultPrevented && !browserRunsCommands()) showModal(id);
    },
  };
}

/** The props of a button that closes the modal `id`. */
export function closesModal(id: string, onClick?: (event: MouseEvent<HTMLButtonElement>) => void) {
  return {
    type: "button" as const,
    command: "close" as const,
    commandfor: id,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      onClick?.(event);
      if (!event.defaultPrevented && !browserRunsCommands()) closeModal(id);
    },
  };
}

/** The modal's look: the site's card, the call-request phone, or the menu drawer at the left edge. */
const frames = {
  card: `m-auto w-[calc(100vw-2rem)] ${dialogFrames.card}`,
  phone: `m-auto w-[calc(100vw-2rem)] ${dialogFrames.phone}`,
  drawer: "my-0 mr-auto ml-0 h-dvh max-h-none w-[min(20rem,85vw)] bg-white p-4 shadow-2xl",
} as const;

export const modalTitleId = (id: string) => `${id}-title`;
export const modalDescriptionId = (id: string) => `${id}-description`;

export interface ModalProps extends Omit<ComponentProps<"dialog">, "id" | "title"> {
  id: string;
  width?: keyof typeof widths;
  frame?: keyof typeof frames;
  hideClose?: boolean;
  closeLabel?: string;
  /** While something the dialog started is under way (the close button; Escape is the caller's `onCancel`). */
  closeDisabled?: boolean;
  /** Whether a description (ModalDescription) names what the dialog is for. */
  described?: boolean;
  children: ReactNode;
}

export function Modal({
  id,
  width = "md",
  frame = "card",
  hideClose = false,
  closeLabel = "Close",
  closeDisabled = false,
  described = true,
  className,
  children,
  ...props
}: ModalProps) {
  return (
    <dialog
      id={id}
      closedby="any"
      aria-labelledby={modalTitleId(id)}
      aria-describedby={described ? modalDescriptionId(id) : undefined}
      className={cn(
        "max-h-[calc(100dvh-2rem)] overflow-y-auto text-ink backdrop:bg-brand-950/60 backdrop:backdrop-blur-sm focus:outline-none",
        framed(frames, frame, width),
        className,
      )}
      {...props}
    >
      {children}
      {!hideClose && (
        <button {...closesModal(id)} disabled={closeDisabled} className={dialogCloseButtonClass} aria-label={closeLabel}>
          <CloseGlyph />
        </button>
      )}
    </dialog>
  );
}

export function ModalTitle({ modalId, className, children, ...props }: ComponentProps<"h2"> & { modalId: string }) {
  return (
    <h2 id={modalTitleId(modalId)} className={cn("pr-10 font-display text-2xl text-brand-900", className)} {...props}>
      {children}
    </h2>
  );
}

export function ModalDescription({ modalId, className, ...props }: ComponentProps<"p"> & { modalId: string }) {
  return <p id={modalDescriptionId(modalId)} className={cn("mt-1 text-muted", className)} {...props} />;
}
