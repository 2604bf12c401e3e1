import { Icon } from "~/components/icons";
import { useHomeDialogs } from "~/features/home/home-dialogs";

/** Round button at the bottom right that starts booking from anywhere on the page. */
export function FloatingBookButton() {
  const { startsBooking } = useHomeDialogs();
  return (
    <button
      {...startsBooking()}
      aria-label="Start booking"
      className="fixed right-4 bottom-4 z-30 grid h-16 w-16 place-items-center rounded-full bg-accent-500 text-brand-950 shadow-2xl ring-4 ring-white transition-transform hover:scale-105 hover:bg-accent-300 md:right-6 md:bottom-6"
    >
      <Icon name="calendar" className="h-7 w-7" />
    </button>
  );
}
