import { useCallback, useEffect, useRef, useState } from "react";
import type { GalleryPhoto } from "~/content/landing";
import { cn } from "~/lib/cn";

const chevron = { prev: "M15 18l-6-6 6-6", next: "M9 18l6-6-6-6" } as const;

/**
 * A photo gallery in slides of 4 photos on desktop and 2 on mobile. It is a native scroll-snap
 * strip, so it swipes and shows every photo without JavaScript; the buttons page through it.
 */
export function Gallery({ label, photos }: { label: string; photos: readonly GalleryPhoto[] }) {
  const stripRef = useRef<HTMLUListElement>(null);
  const [page, setPage] = useState({ index: 0, count: 0 });

  const measure = useCallback(() => {
    const strip = stripRef.current;
    if (!strip || strip.clientWidth === 0) return;
    const count = Math.max(1, Math.round(strip.scrollWidth / strip.clientWidth));
    const index = Math.min(count - 1, Math.round(strip.scrollLeft / strip.clientWidth));
    setPage((p) => (p.index === index && p.count === count ? p : { index, count }));
  }, []);

  useEffect(() => {
    measure();
    const strip = stripRef.current;
    if (!strip) return;
    const observer = new ResizeObserver(measure);
    observer.observe(strip);
    return () => observer.disconnect();
  }, [measure]);

  const go = (direction: -1 | 1) => {
    const strip = stripRef.current;
    if (!strip) return;
    const target = (page.index + direction) * strip.clientWidth;
    strip.scrollTo({ left: target, behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  };

  const button = (direction: -1 | 1) => {
    const disabled = page.count === 0 || (direction === -1 ? page.index === 0 : page.index >= page.count - 1);
    return (
      <button
        type="button"
        onClick={() => go(direction)}
        disabled={disabled}
        aria-label={`${direction === -1 ? "Previous" : "Next"} photos: ${label}`}
        className="grid h-11 w-11 place-items-center rounded-full border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50 disabled:opacity-40"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d={direction === -1 ? chevron.prev : chevron.next} />
        </svg>
      </button>
    );
  };

  return (
    <div role="group" aria-roledescription="carousel" aria-label={label}>
      <ul
        ref={stripRef}
        onScroll={measure}
        // A scrollable region must be reachable by keyboard (arrow keys scroll it once focused).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label={`${label} photos`}
        className="-mx-2 flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        data-testid="gallery-strip"
      >
        {photos.map((photo) => (
          <li key={photo.src} className="w-1/2 shrink-0 snap-start px-2 md:w-1/4" data-testid="gallery-photo">
            <img
              src={photo.src}
              alt={photo.alt}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] h-auto w-full rounded-2xl bg-brand-50 object-cover shadow-card"
            />
          </li>
        ))}
      </ul>
      <div className="mt-5 flex items-center justify-center gap-4">
        {button(-1)}
        <p aria-live="polite" className={cn("min-w-24 text-center text-sm font-bold text-brand-900", page.count === 0 && "invisible")}>
          Slide {page.index + 1} of {Math.max(page.count, 1)}
        </p>
        {button(1)}
      </div>
    </div>
  );
}
