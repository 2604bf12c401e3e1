import { Icon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { homeCopy } from "~/content/copy";
import { useHomeDialogs } from "./home-dialogs";
import { Section } from "./section";

export function GuaranteeSection() {
  const { opens } = useHomeDialogs();
  const copy = homeCopy.guarantee;
  return (
    <Section id="guarantee" eyebrow="Peace of mind" heading={copy.heading} tone="brand">
      <ul className="grid gap-5 md:grid-cols-3">
        {copy.items.map((item) => (
          <li key={item.title} className="rounded-[var(--radius-card)] bg-white/10 p-7 ring-1 ring-white/15">
            <span className="grid h-12 w-12 place-items-center rounded-2xl bg-accent-500 text-brand-950">
              <Icon name={item.icon} className="h-6 w-6" />
            </span>
            <h3 className="mt-4 text-xl text-white">{item.title}</h3>
            <p className="mt-2 text-brand-100">{item.text}</p>
          </li>
        ))}
      </ul>
      <div className="mt-10 text-center">
        <Button size="lg" variant="accent" {...opens("voucher")}>
          <Icon name="gift" />
          {copy.voucherCta}
        </Button>
      </div>
    </Section>
  );
}
