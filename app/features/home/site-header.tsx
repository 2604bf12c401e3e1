import { useEffect, useState } from "react";
import { Icon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { formatAddress } from "~/lib/address";
import { useAuth } from "~/features/auth/auth-provider";
import { teamLinks } from "~/domain/roles";
import { useSiteContent } from "~/features/content/site-content-context";
import { cn } from "~/lib/cn";
import { useHomeDialogs } from "./home-dialogs";
import { scrollToSection, sectionIds } from "./scroll-to-section";

const menu = [
  { label: "Services", id: sectionIds.services },
  { label: "Reviews", id: sectionIds.reviews },
  { label: "About", id: sectionIds.about },
  { label: "Help", id: sectionIds.help },
] as const;

function SectionLink({ id, className, children }: { id: string; className?: string; children: React.ReactNode }) {
  return (
    <a
      href={`#${id}`}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        scrollToSection(id);
      }}
    >
      {children}
    </a>
  );
}

function useScrolled() {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > 0);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return scrolled;
}

function Logo() {
  const { business, promo } = useSiteContent();
  return (
    <a href="/" className="flex min-w-0 items-center gap-3 rounded-xl">
      <img src={business.logo.src} width={business.logo.width} height={business.logo.height} alt="" className="h-11 w-11 shrink-0 md:h-12 md:w-12" />
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="max-w-36 font-display text-[0.95rem] leading-tight font-bold text-brand-900 md:max-w-none md:text-xl">{business.name}</span>
        <span className="hidden text-sm font-bold text-accent-700 md:block">{promo.tagline}</span>
      </span>
    </a>
  );
}

const topLink = "rounded-md px-2 py-1 text-sm font-semibold whitespace-nowrap text-brand-50 hover:bg-white/10 hover:text-white";

/**
 * The top bar's account links: 'Sign In or Join' for visitors (and while the session is being read, as
 * the server renders it), the account's pages and Sign out once signed in.
 */
function AccountLinks() {
  const { user, permissions, signOut } = useAuth();
  const { opens } = useHomeDialogs();
  if (!user) {
    return (
      <button {...opens("signIn")} className={topLink}>
        <span className="inline-flex items-center gap-1.5">
          <Icon name="user" className="h-4 w-4" /> Sign In or Join
        </span>
      </button>
    );
  }
  return (
    <>
      <span className="hidden max-w-48 truncate px-2 text-xs text-brand-200 xl:inline" data-testid="signed-in-email">
        {user.email}
      </span>
      <a href="/trips" className={`${topLink} hidden lg:inline`}>
        My Trips
      </a>
      <a href="/cats" className={`${topLink} hidden lg:inline`}>
        My Cats
      </a>
      <a href="/account" className={topLink} title={`Signed in as ${user.email}`}>
        <span className="inline-flex items-center gap-1.5">
          <Icon name="user" className="h-4 w-4" /> Account
        </span>
      </a>
      {teamLinks(permissions).map((link) => (
        <a key={link.to} href={link.to} className={topLink}>
          {link.label}
        </a>
      ))}
      <button type="button" className={topLink} onClick={() => void signOut()}>
        Sign out
      </button>
    </>
  );
}

export function SiteHeader() {
  const { business } = useSiteContent();
  const scrolled = useScrolled();
  const { opens, startsBooking, openShare, preloadShare } = useHomeDialogs();

  return (
    <>
      <div className="hidden bg-brand-900 md:block">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-6 py-1.5">
          <nav aria-label="Menu" className="flex items-center gap-1">
            <span className="mr-2 text-xs font-bold tracking-widest text-brand-200 uppercase">Menu</span>
            {menu.map((m) => (
              <SectionLink key={m.id} id={m.id} className={topLink}>
                {m.label}
              </SectionLink>
            ))}
            <a href="/appointments" className={topLink}>
              My Appointments
            </a>
          </nav>
          <nav aria-label="Account" className="flex items-center gap-1">
            <AccountLinks />
            {/* The share dialog is built by script: a tap before it has run is repeated once it has (NEEDS_SCRIPT_ATTRIBUTE). */}
            <button type="button" id="share-button" data-needs-script="" className={topLink} onClick={openShare} onPointerEnter={preloadShare}>
              <span className="inline-flex items-center gap-1.5">
                {/* Below 1024 px the icons speak for Share and Help, so a signed-in bar fits on one line. */}
                <Icon name="share" className="h-4 w-4" /> <span className="sr-only lg:not-sr-only">Share</span>
              </span>
            </button>
            <SectionLink id={sectionIds.help} className={topLink}>
              <span className="inline-flex items-center gap-1.5">
                <Icon name="help" className="h-4 w-4" /> <span className="sr-only lg:not-sr-only">Help</span>
              </span>
            </SectionLink>
          </nav>
        </div>
      </div>
      <header
        data-scrolled={scrolled}
        className={cn(
          "sticky top-0 z-40 border-b transition-colors duration-200",
          scrolled ? "border-brand-100 bg-white/80 shadow-sm backdrop-blur-md" : "border-transparent bg-white",
        )}
      >
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 md:h-20 md:px-6">
          <Logo />
          {/* Desktop */}
          <div className="hidden items-center gap-3 md:flex">
            <button
              type="button"
              onClick={() => scrollToSection(sectionIds.map)}
              className="flex max-w-56 items-start gap-2 rounded-xl px-2 py-1 text-left text-sm text-muted hover:bg-brand-50"
            >
              <Icon name="pin" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600 lg:h-4 lg:w-4" />
              {/* Between 768 and 1024 px only the pin shows; the address stays its accessible name. */}
              <span className="sr-only lg:not-sr-only">
                <span className="sr-only">Our address: </span>
                {formatAddress(business.address)}
              </span>
            </button>
            <Button variant="outline" {...opens("callback")}>
              <Icon name="phone" className="h-4 w-4" />
              {business.phone.display}
            </Button>
            <Button variant="accent" {...startsBooking()}>
              Book Now
            </Button>
          </div>
          {/* Mobile */}
          <div className="flex items-center gap-1.5 md:hidden">
            <a
              href={`tel:${business.phone.tel}`}
              aria-label={`Call ${business.phone.display}`}
              className="grid h-11 w-11 place-items-center rounded-full bg-brand-50 text-brand-800"
            >
              <Icon name="phone" />
            </a>
            <Button variant="accent" size="compact" {...startsBooking()}>
              Book
            </Button>
            <button {...opens("menu")} aria-label="Open menu" className="grid h-11 w-11 place-items-center rounded-full text-brand-900 hover:bg-brand-50">
              <Icon name="menu" className="h-6 w-6" />
            </button>
          </div>
        </div>
      </header>
    </>
  );
}
