import { homeCopy } from "~/content/copy";
import { useSiteContent } from "~/features/content/site-content-context";
import { Section } from "./section";
import { sectionIds } from "./scroll-to-section";

export function AboutSection() {
  const copy = homeCopy.about;
  const [roomImage] = homeCopy.services.images;
  const { team } = useSiteContent();
  return (
    <Section id={sectionIds.about} eyebrow="Our story" heading={copy.heading}>
      <div className="grid items-center gap-10 md:grid-cols-2">
        <div className="space-y-4 text-lg text-ink">
          {copy.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
        {roomImage && (
          <img
            src={roomImage.src}
            width={roomImage.width}
            height={roomImage.height}
            alt={roomImage.alt}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-[2rem] shadow-card"
          />
        )}
      </div>
      <h3 className="mt-16 text-center text-2xl">Meet the team</h3>
      <ul className="mt-8 grid gap-6 sm:grid-cols-3">
        {team.map((member) => (
          <li
            key={member.id}
            className="flex items-center gap-5 rounded-[var(--radius-card)] bg-white p-5 shadow-card sm:flex-col sm:gap-0 sm:p-6 sm:text-center"
          >
            <img
              src={member.image.src}
              srcSet={member.image.srcSet}
              sizes={member.image.sizes}
              width={member.image.width}
              height={member.image.height}
              alt={member.image.alt}
              loading="lazy"
              decoding="async"
              className="h-20 w-20 shrink-0 rounded-full sm:h-32 sm:w-32"
            />
            <div>
              <p className="font-display text-xl font-bold text-brand-900 sm:mt-4">{member.name}</p>
              <p className="text-muted">{member.role}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
