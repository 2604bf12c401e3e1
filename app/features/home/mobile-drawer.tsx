import { Icon, type IconName } from "~/components/icons";
import { Modal, closeModal, closesModal, modalTitleId, type opensModal } from "~/components/ui/modal";
import { useAuth } from "~/features/auth/auth-provider";
import { teamLinks } from "~/domain/roles";
import { useSiteContent } from "~/features/content/site-content-context";
import { modalIds } from "./modal-ids";
import { scrollToSection, sectionIds } from "./scroll-to-section";

const sections = [
  { label: "Services", id: sectionIds.services },
  { label: "Reviews", id: sectionIds.reviews },
  { label: "About", id: sectionIds.about },
  { label: "Help", id: sectionIds.help },
] as const;

const item = "flex min-h-12 w-full items-center gap-3 rounded-xl px-4 text-left text-lg font-bold text-brand-900 hover:bg-brand-50";

const closeMenu = () => closeModal(modalIds.menu);

type OpenerProps = ReturnType<typeof opensModal>;

/**
 * The mobile menu: a left drawer, modal (a native dialog: focus kept inside and returned, Escape and
 * the backdrop close it). It opens before the page's script has run; a section link then loads the
 * page again at that section (`?#id`: another address, so the menu closes), with script it scrolls there.
 */
const TEAM_ICONS: Record<string, IconName> = { Today: "paw", Desk: "calendar", Admin: "shield" };

export function MobileDrawer({ opensSignIn, startsBooking }: { opensSignIn: () => OpenerProps; startsBooking: () => OpenerProps }) {
  const { business } = useSiteContent();
  const { user, permissions, signOut } = useAuth();
  const goTo = (id: string) => {
    closeMenu();
    scrollToSection(id);
  };
  const fromMenu = (props: OpenerProps) => ({
    ...props,
    onClick: (event: React.MouseEvent<HTMLButtonElement>) => {
      closeMenu();
      props.onClick(event);
    },
  });
  return (
    <Modal id={modalIds.menu} frame="drawer" hideClose described={false} className="flex-col open:flex">
      <h2 id={modalTitleId(modalIds.menu)} className="px-4 pt-2 pb-3 font-display text-xl text-brand-900">
        {business.name}
      </h2>
      <nav aria-label="Mobile menu" className="flex flex-1 flex-col gap-1">
        {sections.map((s) => (
          <a key={s.id} href={`?#${s.id}`} className={item} onClick={(e) => (e.preventDefault(), goTo(s.id))}>
            {s.label}
          </a>
        ))}
        <button {...fromMenu(startsBooking())} className={item}>
          <Icon name="calendar" className="h-5 w-5 text-brand-600" />
          Schedule A Service
        </button>
        <a href={`tel:${business.phone.tel}`} className={`${item} mt-2 justify-center bg-brand-700 text-white hover:bg-brand-800`}>
          <Icon name="phone" />
          Call {business.phone.display}
        </a>
        {user ? null : (
          <button {...fromMenu(opensSignIn())} className={item}>
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
            {teamLinks(permissions).map((link) => (
              <a key={link.to} href={link.to} className={item}>
                <Icon name={TEAM_ICONS[link.label] ?? "shield"} className="h-5 w-5 text-brand-600" />
                {link.label}
              </a>
            ))}
            <button
              type="button"
              className={item}
              onClick={() => {
                closeMenu();
                void signOut();
              }}
            >
              <Icon name="close" className="h-5 w-5 text-brand-600" />
              Sign out
            </button>
          </>
        ) : null}
      </nav>
      <button {...closesModal(modalIds.menu)} className={`${item} mt-4 justify-center border-2 border-brand-200`}>
        <Icon name="close" />
        Close Menu
      </button>
    </Modal>
  );
}
