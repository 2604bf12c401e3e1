import { useSiteContent } from "~/features/content/site-content-context";
import { businessYear } from "~/lib/business-time";
import { scrollToSection, sectionIds } from "./scroll-to-section";

const heading = "font-display text-lg font-bold text-white";
const link = "text-brand-100 hover:text-white hover:underline";

export function SiteFooter() {
  const { business, services } = useSiteContent();
  const boarding = services.filter((s) => s.serviceType === "PetBoarding");
  const groomingAndCare = services.filter((s) => s.serviceType !== "PetBoarding");
  const toSection = (id: string) => (event: React.MouseEvent) => {
    event.preventDefault();
    scrollToSection(id);
  };
  return (
    <footer className="render-when-near bg-brand-950 px-4 pt-16 pb-28 text-brand-100 md:px-6">
      <div className="mx-auto grid max-w-6xl gap-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className={heading}>{business.name}</p>
          <address className="mt-3 not-italic">
            {business.address.street}
            <br />
            {business.address.city}, {business.address.region} {business.address.postalCode}
            <br />
            <a className={link} href={`tel:${business.phone.tel}`}>
              {business.phone.display}
            </a>
            <br />
            <a className={link} href={`mailto:${business.email}`}>
              {business.email}
            </a>
          </address>
          <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-2" aria-label="Social media">
            {business.social.map((s) => (
              <li key={s.name}>
                <a className={link} href={s.url} target="_blank" rel="noopener noreferrer">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Boarding services">
          <p className={heading}>Boarding</p>
          <ul className="mt-3 grid gap-2">
            {boarding.map((s) => (
              <li key={s.title}>
                <a className={link} href={`#${sectionIds.services}`} onClick={toSection(sectionIds.services)}>
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Grooming and care services">
          <p className={heading}>Grooming &amp; Care</p>
          <ul className="mt-3 grid gap-2">
            {groomingAndCare.map((s) => (
              <li key={s.title}>
                <a className={link} href={`#${sectionIds.services}`} onClick={toSection(sectionIds.services)}>
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <nav aria-label="Help and policies">
            <p className={heading}>Help</p>
            <ul className="mt-3 grid gap-2">
              <li>
                <a className={link} href={`#${sectionIds.help}`} onClick={toSection(sectionIds.help)}>
                  Help &amp; Support
                </a>
              </li>
              <li>
                <a className={link} href="/appointments">
                  My Appointments
                </a>
              </li>
              <li>
                <a className={link} href="/privacy-policy">
                  Privacy Policy
                </a>
              </li>
              <li>
                <a className={link} href="/terms">
                  Terms of Service
                </a>
              </li>
              <li>
                <a className={link} href="/cookie-policy">
                  Cookie Policy
                </a>
              </li>
              <li>
                <a className={link} href={`#${sectionIds.donate}`} onClick={toSection(sectionIds.donate)}>
                  Donate
                </a>
              </li>
            </ul>
          </nav>
          <p className={`${heading} mt-6`}>Service Areas</p>
          <p className="mt-2 text-sm">{business.serviceAreas.join(" · ")}</p>
        </div>
      </div>
      <p className="mx-auto mt-12 max-w-6xl border-t border-white/10 pt-6 text-sm text-brand-200">
        © {businessYear(new Date())} {business.name}. All rights reserved.
      </p>
    </footer>
  );
}
