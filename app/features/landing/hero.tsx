import { useSiteContent } from "~/features/content/site-content-context";
import { landingCopy } from "~/content/landing";
import { BOOK_ONLINE_PATH } from "~/domain/public-pages";

export function LandingHero() {
  const { business } = useSiteContent();
  const copy = landingCopy.hero;
  return (
    <div className="grid items-center gap-8 md:grid-cols-[3fr_2fr]">
      <div>
        <p className="text-sm font-extrabold tracking-widest text-accent-700 uppercase">{copy.eyebrow}</p>
        <h1 className="mt-2 text-4xl md:text-5xl">{copy.title}</h1>
        <p className="mt-4 text-xl font-bold text-brand-800 md:text-2xl">{copy.tagline}</p>
        <p className="mt-4 text-lg text-muted">{copy.lead}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href={BOOK_ONLINE_PATH} className="inline-flex h-12 items-center rounded-full bg-brand-700 px-6 text-lg font-bold text-white hover:bg-brand-800">
            {copy.primaryCta}
          </a>
          <a
            href={`tel:${business.phone.tel}`}
            className="inline-flex h-12 items-center rounded-full border-2 border-brand-700 bg-white px-6 text-lg font-bold text-brand-800 hover:bg-brand-50"
          >
            {copy.secondaryCta} {business.phone.display}
          </a>
        </div>
      </div>
      <img
        src={copy.image.src}
        width={copy.image.width}
        height={copy.image.height}
        alt={copy.image.alt}
        className="mx-auto hidden h-auto w-full max-w-sm md:block"
      />
    </div>
  );
}
