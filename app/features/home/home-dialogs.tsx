import { type ComponentType, type ReactNode, Suspense, createContext, lazy, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { readCustomerType } from "~/features/booking/customer-type";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Every dialog of the home page is code-split: none is needed for the first paint, so each
 * chunk loads on first use (or on hover/focus of its trigger, see `preload`).
 */
const loaders = {
  menu: () => import("./mobile-drawer").then((m) => ({ default: m.MobileDrawer })),
  callback: () => import("~/features/callback/callback-dialog").then((m) => ({ default: m.CallbackDialog })),
  signIn: () => import("~/features/auth/sign-in-dialog").then((m) => ({ default: m.SignInDialog })),
  share: () => import("~/features/share/share-dialog").then((m) => ({ default: m.ShareDialog })),
  customerType: () => import("~/features/booking/customer-type-dialog").then((m) => ({ default: m.CustomerTypeDialog })),
  booking: () => import("~/features/booking/booking-dialog").then((m) => ({ default: m.BookingDialog })),
  voucher: () => import("~/features/leads/voucher-dialog").then((m) => ({ default: m.VoucherDialog })),
} satisfies Record<string, () => Promise<{ default: ComponentType<DialogProps & HomeDialogExtras> }>>;

export type HomeDialogName = keyof typeof loaders;

/** Extra props some dialogs take from the controller. */
export interface HomeDialogExtras {
  openDialog?: (name: HomeDialogName) => void;
  startBooking?: () => void;
}

type DialogComponent = ComponentType<DialogProps & HomeDialogExtras>;
const components = {} as Record<HomeDialogName, DialogComponent>;
for (const name of Object.keys(loaders) as HomeDialogName[]) components[name] = lazy(loaders[name]);

interface HomeDialogsApi {
  openDialog: (name: HomeDialogName) => void;
  /** The floating button, Book Now, Book and Schedule A Service: ask new or returning once per visit, then offer the bookings. */
  startBooking: () => void;
  preload: (name: HomeDialogName) => void;
}

const HomeDialogsContext = createContext<HomeDialogsApi | null>(null);

export function useHomeDialogs(): HomeDialogsApi {
  const api = useContext(HomeDialogsContext);
  if (!api) throw new Error("useHomeDialogs must be used inside HomeDialogsProvider");
  return api;
}

export function HomeDialogsProvider({ children }: { children: ReactNode }) {
  const [openName, setOpenName] = useState<HomeDialogName | null>(null);
  // Once loaded, a dialog stays mounted so closing never re-suspends it.
  const [mounted, setMounted] = useState<ReadonlySet<HomeDialogName>>(() => new Set());

  // The control that opened the first dialog of a chain (e.g. customer type, then booking).
  const returnFocusTo = useRef<HTMLElement | null>(null);

  const openDialog = useCallback((name: HomeDialogName) => {
    const active = document.activeElement;
    // Opened from inside another dialog: keep the first opener.
    if (active instanceof HTMLElement && !active.closest("[role=dialog]")) returnFocusTo.current = active;
    setMounted((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
    setOpenName(name);
  }, []);

  // Our dialogs have no Radix trigger, so Radix cannot return focus by itself: we do, unless
  // something else (a section the menu scrolled to) has taken focus meanwhile.
  useEffect(() => {
    if (openName !== null) return;
    const target = returnFocusTo.current;
    if (!target) return;
    const timer = setTimeout(() => {
      const active = document.activeElement;
      if ((!active || active === document.body) && target.isConnected) target.focus({ preventScroll: true });
      returnFocusTo.current = null;
    }, 0);
    return () => clearTimeout(timer);
  }, [openName]);

  const api = useMemo<HomeDialogsApi>(
    () => ({
      openDialog,
      startBooking: () => openDialog(readCustomerType() ? "booking" : "customerType"),
      preload: (name) => void loaders[name](),
    }),
    [openDialog],
  );

  return (
    <HomeDialogsContext.Provider value={api}>
      {children}
      {[...mounted].map((name) => {
        const Component = components[name];
        return (
          <Suspense key={name} fallback={null}>
            <Component
              open={openName === name}
              onOpenChange={(open) => setOpenName((current) => (open ? name : current === name ? null : current))}
              openDialog={openDialog}
              startBooking={api.startBooking}
            />
          </Suspense>
        );
      })}
    </HomeDialogsContext.Provider>
  );
}
