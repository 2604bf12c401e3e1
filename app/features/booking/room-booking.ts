/** Book a Stay, on this site. */
export const BOOK_STAY_PATH = "/book/stay";

/**
 * Where "Book a Cat Room" leads: Book a Stay on this site, or, when the owners keep an outside
 * booking system (Content: "Book stays on this site" off), its page in a new tab.
 */
export const roomBooking = (booking: { online: boolean; roomUrl: string }) =>
  booking.online ? { url: BOOK_STAY_PATH, external: false } : { url: booking.roomUrl, external: true };

/** Book a Groom, on this site. */
export const BOOK_GROOM_PATH = "/book/groom";

/** Where "Book a Groom" leads: Book a Groom on this site, or the outside grooming booking page in a new tab. */
export const groomBooking = (booking: { online: boolean; groomUrl: string }) =>
  booking.online ? { url: BOOK_GROOM_PATH, external: false } : { url: booking.groomUrl, external: true };
