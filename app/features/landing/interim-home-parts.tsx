// Interim stand-ins for the home page's sections (see home-parts.ts); deleted when those are merged.
import { useState } from "react";
import { business } from "~/content/business";
import { homeCopy } from "~/content/copy";
import { services } from "~/content/services";
import { team } from "~/content/team";
import { LANDING_PATH } from "~/features/seo/pages";
import { LandingSection } from "./landing-section";

export function ServicesSection() {
  return (
    <LandingSection id="services" heading={homeCopy.services.heading} lead={homeCopy.services.lead} tone="white">
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((s) => (
          <li key={s.title} className="rounded-[var(--radius-card)] border border-brand-100 bg-cream p-6">
            <p className="text-xs font-bold text-brand-700">{s.category}</p>
            <h3 className="mt-2 text-xl">{s.title}</h3>
            <p className="mt-2 text-muted">{s.description}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

export function VideoSection() {
  const [play, setPlay] = useState(false);
  const { video } = business;
  return (
    <LandingSection id="video" heading={homeCopy.video.heading} lead={homeCopy.video.lead}>
      <div className="relative mx-auto aspect-video max-w-4xl overflow-hidden rounded-[2rem] bg-brand-900">
        {play ? (
          <iframe
            src={`https://www.youtube-nocookie.com/embed/${video.youtubeId}?autoplay=0&controls=1&rel=0`}
            title={video.title}
            className="absolute inset-0 h-full w-full"
            allow="encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
          />
        ) : (
          <button type="button" onClick={() => setPlay(true)} className="absolute inset-0 h-full w-full">
            <img src={video.poster.src} width={video.poster.width} height={video.poster.height} alt="" loading="lazy" className="h-full w-full object-cover" />
            <span className="absolute inset-0 grid place-items-center">
              <span className="rounded-full bg-white px-6 py-3 font-bold text-brand-900">Play video<span className="sr-only">: {video.title}</span></span>
            </span>
          </button>
        )}
      </div>
    </LandingSection>
  );
}

export function AboutSection() {
  return (
    <LandingSection id="about" heading={homeCopy.about.heading}>
      <div className="mx-auto max-w-3xl space-y-4 text-lg">
        {homeCopy.about.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      <h3 className="mt-14 text-center text-2xl">Meet the team</h3>
      <ul className="mt-8 grid gap-6 sm:grid-cols-3">
        {team.map((m) => (
          <li key={m.id} className="flex flex-col items-center rounded-[var(--radius-card)] bg-white p-6 text-center shadow-card">
            <img src={m.imageUrl} width={160} height={160} alt={`Portrait of ${m.name}`} loading="lazy" className="h-32 w-32 rounded-full" />
            <p className="mt-4 font-display text-xl font-bold text-brand-900">{m.name}</p>
            <p className="text-muted">{m.role}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

export function SiteFooter() {
  const link = "text-brand-100 underline hover:text-white";
  return (
    <footer className="bg-brand-950 px-4 py-14 text-brand-100 md:px-6">
      <div className="mx-auto grid max-w-6xl gap-8 sm:grid-cols-3">
        <address className="not-italic">
          <p className="font-display text-lg font-bold text-white">{business.name}</p>
          {business.address.street}
          <br />
          {business.address.city}, {business.address.region} {business.address.postalCode}
          <br />
          <a className={link} href={`tel:${business.phone.tel}`}>
            {business.phone.display}
          </a>
        </address>
        <nav aria-label="Policies">
          <ul className="grid gap-2">
            <li><a className={link} href="/privacy-policy">Privacy Policy</a></li>
            <li><a className={link} href="/terms">Terms of Service</a></li>
            <li><a className={link} href="/cookie-policy">Cookie Policy</a></li>
          </ul>
        </nav>
        <div>
          <p className="font-display text-lg font-bold text-white">Service Areas</p>
          <p className="mt-2 text-sm">
            <a className={link} href={LANDING_PATH}>Laguna Niguel</a> · {business.serviceAreas.slice(1).join(" · ")}
          </p>
        </div>
      </div>
      <p className="mx-auto mt-10 max-w-6xl border-t border-white/10 pt-6 text-sm">
        © {new Date().getFullYear()} {business.name}. All rights reserved.
      </p>
    </footer>
  );
}

export function HomeHero() {
  return (
    <div className="px-4 py-12 text-center md:px-6 md:py-16">
      <p className="mx-auto w-fit rounded-full bg-accent-100 px-4 py-1 text-sm font-bold text-accent-700">{business.tagline}</p>
      <h1 className="mt-4 text-4xl md:text-5xl">{homeCopy.hero.title}</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">{homeCopy.hero.lead}</p>
    </div>
  );
}
