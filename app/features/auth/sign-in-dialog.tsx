import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";

/**
 * Placeholder so the callback dialog can open the sign-in modal; the sign-in feature replaces
 * this file with the real form (same path, same props).
 */
export function SignInDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="sm">
        <DialogTitle>Log In or Create Account</DialogTitle>
        <DialogDescription>Sign-in by e-mail link is coming soon.</DialogDescription>
      </DialogContent>
    </Dialog>
  );
}
