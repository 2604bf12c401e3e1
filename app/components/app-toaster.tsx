import { useEffect } from "react";
import { Toaster } from "sonner";

/** The one toast outlet (see ~/lib/toast). `onMounted` runs after the Toaster's own subscription. */
export function AppToaster({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return <Toaster position="top-center" richColors closeButton />;
}
