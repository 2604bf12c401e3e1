import { Icon } from "~/components/icons";
import { useSiteContent } from "~/features/content/site-content-context";
import { homeCopy } from "~/content/copy";
import { Section } from "./section";
import { sectionIds } from "./scroll-to-section";

export function HelpSection() {
  const { business, faq } = useSiteContent();
  return (
    <Section id={sectionIds.help} eyebrow="We're here for you" heading={homeCopy.help.heading} lead={homeCopy.help.lead}>
      <div className="grid gap-5 md:grid-cols-3">
        <div className="rounded-[var(--radius-card)] bg-white p-7 shadow-card">
          <Icon name="clock" className="h-8 w-8 text-brand-700" />
          <h3 className="mt-3 text-xl">Business Hours</h3>
          <dl className="mt-3 grid gap-1.5">
            {business.hours.map((h) => (
              <div key={h.days} className="flex justify-between gap-4">
                <dt className="text-muted">{h.days}</dt>
                <dd className="font-bold text-brand-900">{h.time}</dd>
              </div>
            ))}
            <div className="flex justify-between gap-4">
              <dt className="text-muted">Lunch break</dt>
              <dd className="font-bold text-brand-900">{business.lunch}</dd>
            </div>
          </dl>
        </div>
        <div className="rounded-[var(--radius-card)] bg-white p-7 shadow-card">
          <Icon name="phone" className="h-8 w-8 text-brand-700" />
          <h3 className="mt-3 text-xl">Phone Support</h3>
          <p className="mt-3 text-muted">Call us {business.phoneSupport}.</p>
          <p className="mt-2">
            Boarding:{" "}
            <a className="font-bold text-brand-700 underline" href={`tel:${business.phone.tel}`}>
              {business.phone.display}
            </a>
          </p>
          <p className="mt-1">
            Grooming:{" "}
            <a className="font-bold text-brand-700 underline" href={`tel:${business.groomingPhone.tel}`}>
              {business.groomingPhone.display}
            </a>
          </p>
        </div>
        <div className="rounded-[var(--radius-card)] bg-white p-7 shadow-card">
          <Icon name="mail" className="h-8 w-8 text-brand-700" />
          <h3 className="mt-3 text-xl">Email Support</h3>
          <p className="mt-3 text-muted">We reply {business.emailResponse}.</p>
          <a className="mt-2 inline-block font-bold break-all text-brand-700 underline" href={`mailto:${business.email}`}>
            {business.email}
          </a>
        </div>
      </div>
      <div className="mx-auto mt-12 max-w-3xl">
        <h3 className="text-center text-2xl">Frequently Asked Questions</h3>
        <div className="mt-6 grid gap-3">
          {faq.map((item) => (
            <details key={item.question} className="group rounded-2xl bg-white p-5 shadow-sm open:shadow-card">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-bold text-brand-900">
                {item.question}
                <Icon name="chevronRight" className="h-5 w-5 shrink-0 transition-transform group-open:rotate-90" />
              </summary>
              <p className="mt-3 text-muted">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </Section>
  );
}
