import { useSiteContent } from "~/features/content/site-content-context";
import { bookOnlineCopy } from "~/content/landing";
import { useNonce } from "~/lib/nonce";
import { groomBooking, roomBooking } from "~/features/booking/room-booking";

// Kept in step with SCHEDULER_SCRIPT_URL in server/http/security-headers.ts (the CSP allows it on this page only).
const FORM_EMBED_SCRIPT = "https://link.msgsndr.com/js/form_embed.js";

/**
 * The third-party appointment scheduler in a frame, with its form-embed script. Without a
 * configured scheduler the visitor gets clear ways to book instead of an empty frame.
 */
export function Scheduler({ url }: { url: string | null }) {
  const { business } = useSiteContent();
  const nonce = useNonce();
  const copy = bookOnlineCopy;
  const room = roomBooking(business.booking);
  const groom = groomBooking(business.booking);
  if (!url) {
    return (
      <div className="mx-auto max-w-2xl rounded-[var(--radius-card)] bg-white p-6 text-center shadow-card md:p-10" data-testid="scheduler-fallback">
        <h2 className="text-2xl md:text-3xl">{copy.fallback.heading}</h2>
        <p className="mt-3 text-lg text-muted">{copy.fallback.text}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <a
            href={room.url}
            {...(room.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            className="inline-flex h-12 items-center justify-center rounded-full bg-brand-700 px-6 font-bold text-white hover:bg-brand-800"
          >
            {copy.fallback.room}
            {room.external ? <span className="sr-only"> (opens in a new tab)</span> : null}
          </a>
          <a
            href={groom.url}
            {...(groom.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
            className="inline-flex h-12 items-center justify-center rounded-full bg-brand-700 px-6 font-bold text-white hover:bg-brand-800"
          >
            {copy.fallback.groom}
            {groom.external ? <span className="sr-only"> (opens in a new tab)</span> : null}
          </a>
          <a
            href={`tel:${business.phone.tel}`}
            className="inline-flex h-12 items-center justify-center rounded-full border-2 border-brand-700 bg-white px-6 font-bold text-brand-800 hover:bg-brand-50"
          >
            {copy.fallback.call} {business.phone.display}
          </a>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl overflow-hidden rounded-[var(--radius-card)] bg-white shadow-card">
      <iframe
        src={url}
        title={copy.schedulerTitle}
        className="block h-[760px] w-full border-0"
        referrerPolicy="strict-origin-when-cross-origin"
        data-testid="scheduler-frame"
      />
      <script src={FORM_EMBED_SCRIPT} async nonce={nonce || undefined} />
    </div>
  );
}
