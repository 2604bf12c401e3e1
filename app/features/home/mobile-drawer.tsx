import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Icon } from "~/components/icons";
import { useAuth } from "~/features/auth/auth-provider";
import { useSiteContent } from "~/features/content/site-content-context";
import type { HomeDialogExtras } from "./home-dialogs";
import { scrollToSection, sectionIds } from "./scroll-to-section";

const sections = [
  { label: "Services", id: sectionIds.services },
  { label: "Reviews", id: sectionIds.reviews },
  { label: "About", id: sectionIds.about },
  { label: "Help", id: sectionIds.help },
] as const;

const item =
  "flex min-h-12 w-full items-center gap-3 rounded-xl px-4 text-left text-lg font-bold text-brand-900 hover:bg-brand-50";

/** The mobile menu: a left drawer, modal (focus trapped and returned, Escape closes). */
export function MobileDrawer({ open, onOpenChange, openDialog, startBooking }: { open: boolean; onOpenChange: (open: boolean) => void } & HomeDialogExtras) {
  const { business } = useSiteContent();
  const { user, isAdmin, signOut } = useAuth();
  const goTo = (id: string) => {
    onOpenChange(false);
    // Scroll once the drawer has released the page's scroll lock.
    setTimeout(() => scrollToSection(id), 60);
  };
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-brand-950/60" />
        <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col overflow-y-auto bg-white p-4 shadow-2xl focus:outline-none">
          <DialogPrimitive.Title className="px-4 pt-2 pb-3 font-display text-xl text-brand-900">{business.name}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">Site menu</DialogPrimitive.Description>
          <nav aria-label="Mobile menu" className="flex flex-1 flex-col gap-1">
            {sections.map((s) => (
              <a key={s.id} href={`#${s.id}`} className={item} onClick={(e) => (e.preventDefault(), goTo(s.id))}>
                {s.label}
              </a>
            ))}
            <button type="button" className={item} onClick={() => startBooking?.()}>
              <Icon name="calendar" className="h-5 w-5 text-brand-600" />
              Schedule A Service
            </button>
            <a href={`tel:${business.phone.tel}`} className={`${item} mt-2 justify-center bg-brand-700 text-white hover:bg-brand-800`}>
              <Icon name="phone" />
              Call {business.phone.display}
            </a>
            {user ? null : (
              <button type="button" className={item} onClick={() => openDialog?.("signIn")}>
                <Icon name="user" className="h-5 w-5 text-brand-600" />
                Sign In or Join
              </button>
            )}
            <a href="/appointments" className={item}>
              <Icon name="calendar" className="h-5 w-5 text-brand-600" />
              My Appointments
            </a>
            {user ? (
              <>
                <p className="mt-2 truncate px-4 text-sm text-muted">Signed in as {user.email}</p>
                <a href="/trips" className={item}>
                  <Icon name="calendar" className="h-5 w-5 text-brand-600" />
                  My Trips
                </a>
                <a href="/cats" className={item}>
                  <Icon name="paw" className="h-5 w-5 text-brand-600" />
                  My Cats
                </a>
                <a href="/account" className={item}>
                  <Icon name="user" className="h-5 w-5 text-brand-600" />
                  Account
                </a>
                {isAdmin ? (
                  <a href="/admin" className={item}>
                    <Icon name="shield" className="h-5 w-5 text-brand-600" />
                    Admin
                  </a>
                ) : null}
                <button
                  type="button"
                  className={item}
                  onClick={() => {
                    onOpenChange(false);
                    void signOut();
                  }}
                >
                  <Icon name="close" className="h-5 w-5 text-brand-600" />
                  Sign out
                </button>
              </>
            ) : null}
          </nav>
          <DialogPrimitive.Close className={`${item} mt-4 justify-center border-2 border-brand-200`}>
            <Icon name="close" />
            Close Menu
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
