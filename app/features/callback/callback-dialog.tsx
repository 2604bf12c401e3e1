import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { business } from "~/content/business";

/**
 * Placeholder so the home page compiles on its own; the callback feature replaces this file
 * with the phone-styled dialog (same path and props).
 */
export function CallbackDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="sm">
        <DialogTitle>{business.name}</DialogTitle>
        <DialogDescription>Call Now To Book An Appointment</DialogDescription>
        <a className="mt-4 inline-block text-2xl font-bold text-brand-700" href={`tel:${business.phone.tel}`}>
          {business.phone.display}
        </a>
      </DialogContent>
    </Dialog>
  );
}
