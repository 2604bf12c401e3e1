import { Button, type ButtonProps } from "~/components/ui/button";
import { opensModal } from "~/components/ui/modal";
import { modalIds } from "~/features/home/modal-ids";

/** A button that opens the free-night voucher dialog (the page renders `VoucherDialog` once). */
export function VoucherButton({ children, ...props }: Omit<ButtonProps, "onClick" | "type">) {
  return (
    <Button {...props} {...opensModal(modalIds.voucher)}>
      {children}
    </Button>
  );
}
