import { Suspense, lazy, useState } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";
import { loadVoucherDialog } from "./home-parts";

// Code-split: the dialog is not needed for the first paint; it loads on hover, focus or click.
const VoucherDialog = lazy(() => loadVoucherDialog().then((m) => ({ default: m.VoucherDialog })));

/** A button that opens the free-night voucher dialog. */
export function VoucherButton({ children, ...props }: Omit<ButtonProps, "onClick">) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const preload = () => void loadVoucherDialog();
  return (
    <>
      <Button
        {...props}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {children}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <VoucherDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
