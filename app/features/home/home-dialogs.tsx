import { type MouseEvent, type ReactNode, Suspense, createContext, lazy, useContext, useMemo, useRef, useState } from "react";
import { SignInDialog } from "~/features/auth/sign-in-dialog";
import { BookingDialog } from "~/features/booking/booking-dialog";
import { CustomerTypeDialog } from "~/features/booking/customer-type-dialog";
import { readCustomerType } from "~/features/booking/customer-type";
import { CallbackDialog } from "~/features/callback/callback-dialog";
import { VoucherDialog } from "~/features/leads/voucher-dialog";
import { opensModal, showModal } from "~/components/ui/modal";
import { MobileDrawer } from "./mobile-drawer";
import { modalIds, type ModalName } from "./modal-ids";

/** The share dialog builds its links and QR code in the browser: it loads on first use. */
const loadShareDialog = () => import("~/features/share/share-dialog").then((m) => ({ default: m.ShareDialog }));
const ShareDialog = lazy(loadShareDialog);

interface HomeDialogsApi {
  /** The props of a button that opens a dialog (it works from the first paint, ADR 0117). */
  opens: (name: ModalName) => ReturnType<typeof opensModal>;
  /** The floating button, Book Now, Book and Schedule A Service: ask new or returning once per visit, then offer the bookings. */
  startsBooking: () => ReturnType<typeof opensModal>;
  openShare: () => void;
  preloadShare: () => void;
}

const HomeDialogsContext = createContext<HomeDialogsApi | null>(null);

export function useHomeDialogs(): HomeDialogsApi {
  const api = useContext(HomeDialogsContext);
  if (!api) throw new Error("useHomeDialogs must be used inside HomeDialogsProvider");
  return api;
}

/** Once the visitor has said new or returning, the booking choices open directly (without script, the question is asked each time). */
function skipKnownCustomerType(event: MouseEvent<HTMLButtonElement>) {
  if (!readCustomerType()) return;
  event.preventDefault();
  showModal(modalIds.booking);
}

/**
 * The home page's dialogs are native `<dialog>`s in the server's HTML, so every button that opens
 * one works before the page's script has run (ADR 0117); only the share dialog needs script.
 */
export function HomeDialogsProvider({ children }: { children: ReactNode }) {
  const [shareOpen, setShareOpen] = useState(false);
  const [shareMounted, setShareMounted] = useState(false);
  // The share dialog has no trigger of its own to give focus back to: the control that opened it gets it.
  const shareOpener = useRef<HTMLElement | null>(null);
  const changeShareOpen = (open: boolean) => {
    setShareOpen(open);
    if (open) return;
    // After the dialog has let go of the focus.
    setTimeout(() => shareOpener.current?.focus({ preventScroll: true }), 0);
  };

  const api = useMemo<HomeDialogsApi>(
    () => ({
      opens: (name) => opensModal(modalIds[name]),
      startsBooking: () => opensModal(modalIds.customerType, skipKnownCustomerType),
      openShare: () => {
        shareOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setShareMounted(true);
        setShareOpen(true);
      },
      preloadShare: () => void loadShareDialog(),
    }),
    [],
  );

  return (
    <HomeDialogsContext.Provider value={api}>
      {children}
      <MobileDrawer opensSignIn={() => api.opens("signIn")} startsBooking={api.startsBooking} />
      <CustomerTypeDialog />
      <BookingDialog />
      <CallbackDialog />
      <SignInDialog id={modalIds.signIn} />
      <VoucherDialog />
      {shareMounted && (
        <Suspense fallback={null}>
          <ShareDialog open={shareOpen} onOpenChange={changeShareOpen} />
        </Suspense>
      )}
    </HomeDialogsContext.Provider>
  );
}
