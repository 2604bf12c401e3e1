import { landingCopy } from "~/content/landing";
import { BOOK_ONLINE_PATH } from "~/domain/public-pages";
import { LandingSection } from "./landing-section";

export function BookingSteps() {
  const copy = landingCopy.steps;
  return (
    <LandingSection id="booking-steps" heading={copy.heading} lead={copy.lead}>
      <ol className="grid gap-5 md:grid-cols-3">
        {copy.items.map((step, i) => (
          <li key={step.title} className="rounded-[var(--radius-card)] bg-white p-6 shadow-card">
            <span aria-hidden="true" className="grid h-12 w-12 place-items-center rounded-full bg-brand-700 font-display text-xl font-bold text-white">
              {i + 1}
            </span>
            <h3 className="mt-4 text-xl">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-muted">{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-8 text-center">
        <a
          href={BOOK_ONLINE_PATH}
          className="inline-flex h-12 items-center justify-center rounded-full bg-brand-700 px-7 text-lg font-bold text-white hover:bg-brand-800"
        >
          {copy.cta}
        </a>
      </div>
    </LandingSection>
  );
}
