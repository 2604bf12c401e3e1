import { Icon } from "~/components/icons";
import { homeCopy, vaccinationRequirements } from "~/content/copy";
import { vaccinePolicySentences } from "~/domain/vaccines";
import { useSiteContent } from "~/features/content/site-content-context";
import { Section } from "./section";
import { sectionIds } from "./scroll-to-section";

export function ServicesSection() {
  const copy = homeCopy.services;
  const { services, vaccinePolicy } = useSiteContent();
  // The published policy, which the booking rule reads too: the box and the rule never disagree.
  const vaccines = vaccinePolicySentences(vaccinePolicy);
  return (
    <Section id={sectionIds.services} eyebrow="Boarding · Grooming · Care" heading={copy.heading} lead={copy.lead} tone="white">
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <li
            key={service.title}
            className="group flex flex-col rounded-[var(--radius-card)] border border-brand-100 bg-cream p-6 transition-shadow hover:shadow-card"
          >
            <div className="flex items-center justify-between">
              <span className="grid h-12 w-12 place-items-center rounded-2xl bg-brand-700 text-white">
                <Icon name={service.icon} className="h-6 w-6" />
              </span>
              <span className="rounded-full bg-white px-3 py-1 text-xs font-bold text-brand-700">{service.category}</span>
            </div>
            <h3 className="mt-4 text-xl">{service.title}</h3>
            <p className="mt-2 font-semibold text-ink">{service.description}</p>
            <p className="mt-2 text-muted">{service.longDescription}</p>
          </li>
        ))}
      </ul>
      <div className="mt-10 grid items-center gap-6 rounded-[var(--radius-card)] bg-brand-50 p-6 md:grid-cols-[auto_1fr_auto] md:p-8">
        <span className="grid h-14 w-14 place-items-center rounded-full bg-white text-brand-700 shadow-sm">
          <Icon name="syringe" className="h-7 w-7" />
        </span>
        <div>
          <h3 className="text-2xl">{vaccinationRequirements.title}</h3>
          <ul className="mt-3 grid gap-2">
            <li className="flex gap-2">
              <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              <span>
                <strong>Required:</strong> {vaccines.required}
              </span>
            </li>
            {vaccines.recommended ? (
              <li className="flex gap-2">
                <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                <span>
                  <strong>Recommended:</strong> {vaccines.recommended}
                </span>
              </li>
            ) : null}
          </ul>
          <p className="mt-3 text-sm text-muted">{vaccinationRequirements.note}</p>
        </div>
        <div className="hidden gap-3 md:grid">
          {copy.images.map((img) => (
            <img
              key={img.src}
              src={img.src}
              width={img.width}
              height={img.height}
              alt={img.alt}
              loading="lazy"
              decoding="async"
              className="h-auto w-48 rounded-2xl"
            />
          ))}
        </div>
      </div>
    </Section>
  );
}
