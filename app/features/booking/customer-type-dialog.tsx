import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { HomeDialogExtras } from "~/features/home/home-dialogs";
import { type CustomerType, rememberCustomerType } from "./customer-type";

export function CustomerTypeDialog({
  open,
  onOpenChange,
  openDialog,
}: { open: boolean; onOpenChange: (open: boolean) => void } & HomeDialogExtras) {
  const choose = (type: CustomerType) => {
    rememberCustomerType(type);
    openDialog?.("booking");
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent width="sm" className="text-center">
        <DialogTitle className="pl-10">Welcome!</DialogTitle>
        <DialogDescription>Are you a new or returning customer?</DialogDescription>
        <div className="mt-6 grid gap-3">
          <Button size="lg" variant="accent" onClick={() => choose("new")}>
            New Customer
          </Button>
          <Button size="lg" variant="outline" onClick={() => choose("returning")}>
            Returning Customer
          </Button>
        </div>
        <p className="mt-4 text-sm text-muted">New customers stay their first night free.</p>
      </DialogContent>
    </Dialog>
  );
}
