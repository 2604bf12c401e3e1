import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { AUTH_TEXT } from "./messages";
import { SignInForm } from "./sign-in-form";

export interface SignInDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where to return after sign-in; defaults to the page the dialog was opened on. */
  redirectTo?: string;
}

/** The sign-in form in a modal ('Sign In or Join' in the header, 'Book Appointment Online' after a callback). */
export function SignInDialog({ open, onOpenChange, redirectTo }: SignInDialogProps) {
  // Rendered only in the browser (the dialog opens on a click), so the current address is known.
  const here = typeof window === "undefined" ? undefined : `${window.location.pathname}${window.location.search}`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="md">
        <DialogTitle>{AUTH_TEXT.pageTitle}</DialogTitle>
        <DialogDescription className="mb-5">Sign in or join with your e-mail address: we'll send you a magic link.</DialogDescription>
        <SignInForm redirectTo={redirectTo ?? here} onSignedIn={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
