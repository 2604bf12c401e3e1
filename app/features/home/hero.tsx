import { Icon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { textStyleCss, useSiteContent } from "~/features/content/site-content-context";
import { homeCopy } from "~/content/copy";
import { useHomeDialogs } from "./home-dialogs";

export function Hero() {
  const { startsBooking, opens } = useHomeDialogs();
  const copy = homeCopy.hero;
  const { business, promo, style, reviews } = useSiteContent();
  const averageRating = (reviews.reduce((sum, r) => sum + r.rating, 0) / Math.max(reviews.length, 1)).toFixed(1);
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden px-4 pt-8 pb-16 md:px-6 md:pt-16 md:pb-24">
      <div aria-hidden="true" className="absolute -top-32 -right-32 h-96 w-96 rounded-full bg-brand-100/70 blur-3xl" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 md:grid-cols-2">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-accent-100 px-4 py-1.5 text-sm font-bold text-accent-700">
            <Icon name="moon" className="h-4 w-4" />
            {promo.tagline}
          </p>
          <h1 id="hero-heading" className="mt-5 text-4xl leading-tight md:text-5xl lg:text-6xl" style={textStyleCss(style.promo)}>
            {promo.title}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted md:text-xl">{promo.lead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button size="lg" variant="accent" {...startsBooking()}>
              <Icon name="calendar" />
              Book Now
            </Button>
            <Button size="lg" variant="outline" {...opens("voucher")}>
              <Icon name="gift" />
              Claim Your Free Night
            </Button>
          </div>
          <ul className="mt-8 flex flex-col gap-x-6 gap-y-2 text-base font-semibold text-brand-900 sm:flex-row sm:flex-wrap">
            {copy.highlights.map((h) => (
              <li key={h} className="flex items-center gap-2">
                <span className="grid h-6 w-6 shrink-0 place-items-center rounded-full bg-brand-700 text-white">
                  <Icon name="check" className="h-3.5 w-3.5" />
                </span>
                {h}
              </li>
            ))}
          </ul>
        </div>
        <div className="relative">
          <img
            src={copy.image.src}
            width={copy.image.width}
            height={copy.image.height}
            alt={copy.image.alt}
            fetchPriority="high"
            className="h-auto w-full rounded-[2.5rem] shadow-card"
          />
          <div className="absolute -bottom-5 left-4 flex items-center gap-3 rounded-2xl bg-white px-4 py-3 shadow-card md:-left-6">
            <span className="flex text-[#e08a1e]" aria-hidden="true">
              {[0, 1, 2, 3, 4].map((i) => (
                <Icon key={i} name="star" className="h-4 w-4" />
              ))}
            </span>
            <span className="text-sm font-bold text-brand-900">
              {averageRating} / 5 · {reviews.length} reviews
            </span>
          </div>
          <div className="absolute -top-4 right-4 rounded-2xl bg-brand-800 px-4 py-2 text-sm font-bold text-white shadow-card">
            Since {business.history.servingSince}
          </div>
        </div>
      </div>
    </section>
  );
}
