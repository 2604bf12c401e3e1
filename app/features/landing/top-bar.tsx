import { useSiteContent } from "~/features/content/site-content-context";
import { BOOK_ONLINE_PATH } from "~/domain/public-pages";

const phoneIcon = "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2";
const calendarIcon = "M7 3v4M17 3v4M4 9h16M5 5h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z";

const Icon = ({ d }: { d: string }) => (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    className="h-5 w-5"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={d} />
  </svg>
);

/** The landing page's sticky bar: the logo home, a call link and the appointment-scheduler button. */
export function TopBar({ scheduleLabel, scheduleHref = BOOK_ONLINE_PATH }: { scheduleLabel: string; scheduleHref?: string }) {
  const { business } = useSiteContent();
  return (
    <header className="sticky top-0 z-40 border-b border-brand-100 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 md:px-6">
        <a href="/" className="flex min-w-0 items-center gap-2 font-display text-lg font-bold text-brand-900">
          <img src={business.logo.src} width={36} height={36} alt="" className="h-9 w-9 shrink-0" />
          <span className="truncate">
            <span className="sm:hidden">{business.shortName}</span>
            <span className="hidden sm:inline">{business.name}</span>
          </span>
        </a>
        <div className="flex shrink-0 items-center gap-2">
          <a href={`tel:${business.phone.tel}`} className="inline-flex h-11 items-center gap-2 rounded-full px-3 font-bold text-brand-800 hover:bg-brand-50">
            <Icon d={phoneIcon} />
            <span className="sr-only md:not-sr-only">{business.phone.display}</span>
            <span className="sr-only">Call {business.name}</span>
          </a>
          <a
            href={scheduleHref}
            className="inline-flex h-11 items-center gap-2 rounded-full bg-accent-500 px-4 font-bold text-brand-950 shadow-sm hover:bg-accent-600 hover:text-white"
          >
            <Icon d={calendarIcon} />
            <span className="hidden sm:inline">{scheduleLabel}</span>
            <span className="sm:hidden">Schedule</span>
          </a>
        </div>
      </div>
    </header>
  );
}
