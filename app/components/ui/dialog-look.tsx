import { cn } from "~/lib/cn";

/** The look of the dialogs, shared by the Radix ones (router pages) and the native ones (public pages, ADR 0117). */

export const dialogWidths = { sm: "max-w-sm", md: "max-w-md", lg: "max-w-lg", xl: "max-w-2xl" } as const;

/** The site's card, or the call-request phone (its own width). */
export const dialogFrames = {
  card: "rounded-[var(--radius-card)] bg-white p-6 shadow-2xl",
  phone:
    "max-w-[22rem] rounded-[2.75rem] border-[10px] border-brand-950 bg-gradient-to-b from-brand-50 to-white px-6 pt-10 pb-8 shadow-[0_30px_60px_-15px_rgb(11_37_36/0.6)]",
} as const;

/** A frame's classes, with its width when it is the card (the other frames have their own). */
export function framed<F extends string>(frames: Record<F, string>, frame: F, width: keyof typeof dialogWidths): string {
  return cn(frames[frame], frame === "card" && dialogWidths[width]);
}

/** The close button (top right) and its cross. */
export const dialogCloseButtonClass = "absolute top-3 right-3 inline-flex h-10 w-10 items-center justify-center rounded-full text-brand-800 hover:bg-brand-100";

export function CloseGlyph() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2.5">
      <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
    </svg>
  );
}
