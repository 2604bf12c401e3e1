import { landingCopy } from "~/content/landing";
import { VoucherButton } from "./voucher-button";

/** The free-night offer; its button opens the voucher dialog. */
export function PromoCard() {
  const copy = landingCopy.promo;
  return (
    <section aria-labelledby="promo-heading" className="px-4 py-10 md:px-6">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 rounded-[2rem] bg-brand-800 px-6 py-10 text-center text-white shadow-card md:px-12">
        <p className="text-sm font-extrabold tracking-widest text-accent-300 uppercase">{copy.eyebrow}</p>
        <h2 id="promo-heading" className="text-3xl text-white md:text-4xl">
          {copy.heading}
        </h2>
        <p className="max-w-xl text-lg text-brand-50">{copy.text}</p>
        <VoucherButton variant="accent" size="lg">
          {copy.cta}
        </VoucherButton>
      </div>
    </section>
  );
}
