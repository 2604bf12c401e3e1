import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";

/**
 * Placeholder so the home page compiles on its own; the sign-in feature replaces this file
 * with the real magic-link form (same path and props).
 */
export function SignInDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="sm">
        <DialogTitle>Log In or Create Account</DialogTitle>
        <DialogDescription>Sign-in by e-mail link is coming soon.</DialogDescription>
        <a className="mt-4 inline-block font-bold text-brand-700 underline" href="/auth">
          Go to the sign-in page
        </a>
      </DialogContent>
    </Dialog>
  );
}
