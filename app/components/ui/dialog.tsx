import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * Accessible modal dialog (Radix): focus is trapped and returned, Escape and a click on the
 * backdrop close it, and it is labelled by its title.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const widths = { sm: "max-w-sm", md: "max-w-md", lg: "max-w-lg", xl: "max-w-2xl" } as const;

/** The dialog's look: the site's card, or the call-request phone (its own width). */
const frames = {
  card: "rounded-[var(--radius-card)] bg-white p-6 shadow-2xl",
  phone:
    "max-w-[22rem] rounded-[2.75rem] border-[10px] border-brand-950 bg-gradient-to-b from-brand-50 to-white px-6 pt-10 pb-8 shadow-[0_30px_60px_-15px_rgb(11_37_36/0.6)]",
} as const;

export function DialogContent({
  className,
  children,
  width = "md",
  frame = "card",
  hideClose = false,
  closeLabel = "Close",
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { width?: keyof typeof widths; frame?: keyof typeof frames; hideClose?: boolean; closeLabel?: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-brand-950/60 backdrop-blur-sm" />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2",
          "overflow-y-auto focus:outline-none",
          frames[frame],
          frame === "card" && widths[width],
          className,
        )}
        {...props}
      >
        {children}
        {!hideClose && (
          <DialogPrimitive.Close
            className="absolute top-3 right-3 inline-flex h-10 w-10 items-center justify-center rounded-full text-brand-800 hover:bg-brand-100"
            aria-label={closeLabel}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
            </svg>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("pr-10 font-display text-2xl text-brand-900", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("mt-1 text-muted", className)} {...props} />;
}
