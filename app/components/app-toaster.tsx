import { useEffect } from "react";
import { Toaster } from "sonner";

/**
 * The one toast outlet (see ~/lib/toast). `onMounted` runs after the Toaster's own subscription. A toast
 * shows below the header, not over its menus and buttons, which a tap while it shows would otherwise
 * miss: on a phone (where it is as wide as the screen) below the sticky 64 px header (`h-16`); on a
 * desktop below the top bar and the 80 px header (`md:h-20`) as they stand at the top of a page.
 */
export function AppToaster({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return <Toaster position="top-center" offset={{ top: 132 }} mobileOffset={{ top: 72 }} richColors closeButton />;
}
