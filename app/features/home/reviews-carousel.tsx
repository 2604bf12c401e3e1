import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { useCallback, useEffect, useRef, useState } from "react";
import { Icon } from "~/components/icons";
import { useSiteContent } from "~/features/content/site-content-context";

/** Slides this far outside the visible ones get their image; the rest stay empty boxes. */
const PRELOAD_AROUND = 3;

const OPTIONS: EmblaOptionsType = { align: "start", containScroll: "trimSnaps", slidesToScroll: 1, inViewThreshold: 0.9 };

/**
 * Embla is fetched only when the carousel comes near the viewport (or is touched or focused):
 * the markup is already server-rendered, so nothing moves when it attaches.
 */
function useDeferredEmbla() {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  const [wanted, setWanted] = useState(false);
  const want = useCallback(() => setWanted(true), []);

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport || wanted) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setWanted(true), {
      rootMargin: "600px 0px",
    });
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [wanted]);

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!wanted || !viewport) return;
    let instance: EmblaCarouselType | null = null;
    let cancelled = false;
    void import("embla-carousel").then(({ default: EmblaCarousel }) => {
      if (cancelled) return;
      instance = EmblaCarousel(viewport, OPTIONS);
      setApi(instance);
    });
    return () => {
      cancelled = true;
      instance?.destroy();
    };
  }, [wanted]);

  return { viewportRef, api, want };
}

/** The published review cards (50 samples): previous/next buttons, arrow, Home and End keys, and swipe; only nearby images load. */
export function ReviewsCarousel() {
  const { reviews } = useSiteContent();
  const { viewportRef, api, want } = useDeferredEmbla();
  const [visible, setVisible] = useState<{ first: number; last: number }>({ first: 0, last: 0 });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(true);

  const update = useCallback(() => {
    if (!api) return;
    const inView = api.slidesInView();
    // While moving, slidesInView can be momentarily empty; keep the last known range.
    if (inView.length > 0) setVisible({ first: Math.min(...inView), last: Math.max(...inView) });
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
  }, [api]);

  useEffect(() => {
    if (!api) return;
    // Embla measured the slides before we subscribed: read its state once on the next frame.
    const frame = requestAnimationFrame(update);
    api.on("select", update).on("slidesInView", update).on("reInit", update);
    return () => {
      cancelAnimationFrame(frame);
      api.off("select", update).off("slidesInView", update).off("reInit", update);
    };
  }, [api, update]);

  // Arrow keys move one step; Home and End jump to either end of the 50 reviews.
  const keyActions: Record<string, (api: EmblaCarouselType) => void> = {
    ArrowLeft: (a) => a.scrollPrev(),
    ArrowRight: (a) => a.scrollNext(),
    Home: (a) => a.scrollTo(0),
    End: (a) => a.scrollTo(a.scrollSnapList().length - 1),
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const action = keyActions[event.key];
    if (!action || !api) return;
    event.preventDefault();
    action(api);
  };

  // Before hydration, assume up to three slides show.
  const loadFrom = visible.first - PRELOAD_AROUND;
  const loadTo = Math.max(visible.last, 2) + PRELOAD_AROUND;
  const status =
    visible.first === visible.last
      ? `Review ${visible.first + 1} of ${reviews.length}`
      : `Reviews ${visible.first + 1}–${visible.last + 1} of ${reviews.length}`;

  return (
    // A keyboard-focusable region: arrow keys move the carousel.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Customer reviews"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      onKeyDown={onKeyDown}
      onFocus={want}
      onPointerEnter={want}
      className="rounded-[var(--radius-card)] focus-visible:outline-offset-4"
    >
      <div ref={viewportRef} className="-mx-2 overflow-hidden px-2 py-3">
        <ul className="-ml-4 flex touch-pan-y">
          {reviews.map((review, index) => {
            const { image } = review;
            const near = index >= loadFrom && index <= loadTo;
            return (
              <li
                key={review.id}
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${reviews.length}`}
                className="min-w-0 shrink-0 grow-0 basis-full pl-4 sm:basis-1/2 lg:basis-1/3"
              >
                {near ? (
                  <img
                    src={image.src}
                    srcSet={image.srcSet}
                    sizes={image.sizes}
                    width={image.width}
                    height={image.height}
                    alt={image.alt}
                    loading="lazy"
                    decoding="async"
                    draggable={false}
                    className="h-auto w-full rounded-[1.75rem] shadow-card"
                  />
                ) : (
                  <div aria-hidden="true" className="aspect-[3/2] w-full rounded-[1.75rem] bg-brand-50" />
                )}
              </li>
            );
          })}
        </ul>
      </div>
      <div className="mt-6 flex items-center justify-center gap-4">
        <button
          type="button"
          onClick={() => api?.scrollPrev()}
          disabled={!canPrev}
          aria-label="Previous reviews"
          className="grid h-12 w-12 place-items-center rounded-full border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50 disabled:opacity-40"
        >
          <Icon name="chevronLeft" className="h-6 w-6" />
        </button>
        <p aria-live="polite" className="min-w-40 text-center font-bold text-brand-900" data-testid="reviews-status">
          {status}
        </p>
        <button
          type="button"
          onClick={() => api?.scrollNext()}
          disabled={!canNext}
          aria-label="Next reviews"
          className="grid h-12 w-12 place-items-center rounded-full border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50 disabled:opacity-40"
        >
          <Icon name="chevronRight" className="h-6 w-6" />
        </button>
      </div>
    </div>
  );
}
