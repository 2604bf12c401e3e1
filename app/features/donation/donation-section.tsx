import { Icon, type IconName } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { donation } from "~/content/donation";
import { useSiteContent } from "~/features/content/site-content-context";
import { Section } from "~/features/home/section";
import { sectionIds } from "~/features/home/scroll-to-section";
import { PUBLIC_FORM_INTENTS, usePublicFormTarget } from "~/lib/public-forms";
import { useDonate } from "./use-donate";

export function DonationSection() {
  const { processing, donate } = useDonate();
  const { business } = useSiteContent();
  const formTarget = usePublicFormTarget();
  return (
    <Section id={sectionIds.donate} eyebrow="Community programmes" heading={donation.heading} lead={donation.intro} tone="white">
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {donation.programmes.map((p) => (
          <li key={p.title} className="rounded-[var(--radius-card)] border border-brand-100 bg-cream p-6">
            <span className="grid h-12 w-12 place-items-center rounded-2xl bg-accent-100 text-accent-700">
              <Icon name={p.icon as IconName} className="h-6 w-6" />
            </span>
            <h3 className="mt-4 text-lg">{p.title}</h3>
            <p className="mt-2 text-muted">{p.description}</p>
          </li>
        ))}
      </ul>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="rounded-[var(--radius-card)] bg-brand-50 p-7">
          <h3 className="text-2xl">{donation.adoptionEducation.title}</h3>
          <ul className="mt-4 grid gap-3">
            {donation.adoptionEducation.points.map((point) => (
              <li key={point} className="flex gap-3">
                <Icon name="paw" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>

        <div className="rounded-[var(--radius-card)] bg-brand-900 p-7 text-white">
          <h3 className="text-2xl text-white">{donation.impact.title}</h3>
          <dl className="mt-6 grid gap-5">
            {donation.impact.stats.map((s) => (
              <div key={s.label} className="flex items-baseline gap-4 border-b border-white/15 pb-4 last:border-0">
                <dt className="order-2 text-brand-100">{s.label}</dt>
                <dd className="order-1 w-24 shrink-0 font-display text-4xl font-bold text-accent-300">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>

        <div className="flex flex-col rounded-[var(--radius-card)] border-2 border-accent-300 bg-white p-7 shadow-card">
          <h3 className="text-2xl">Make a Donation</h3>
          <ul className="mt-4 grid gap-2" aria-label="What your gift does">
            {donation.tiers.map((tier) => (
              <li key={tier.amount} className="flex items-center gap-3 rounded-xl bg-cream px-3 py-2">
                <span className="min-w-16 font-display text-xl font-bold text-accent-700">{tier.amount}</span>
                <span className="text-sm text-ink">{tier.impact}</span>
              </li>
            ))}
          </ul>
          {/* A form, so a tap before the script has run posts to the page, which answers with the
              demo's words, instead of being lost (ADR 0117, 0176); with the script it runs the demo. */}
          <form
            method="post"
            action={formTarget}
            className="mt-5 grid"
            onSubmit={(event) => {
              event.preventDefault();
              void donate();
            }}
          >
            <input type="hidden" name="intent" value={PUBLIC_FORM_INTENTS.donate} />
            <Button type="submit" size="lg" variant="accent" disabled={processing}>
              <Icon name="heart" />
              {processing ? "Processing..." : "Donate Now"}
            </Button>
          </form>
          <p className="mt-4 text-xs text-muted">
            {donation.taxNote} Tax ID: {business.taxId}.
          </p>
        </div>
      </div>
    </Section>
  );
}
