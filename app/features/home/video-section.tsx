import { Icon } from "~/components/icons";
import { homeCopy } from "~/content/copy";
import { useSiteContent } from "~/features/content/site-content-context";
import { Section } from "./section";

/** Autoplay off and controls on, as the spec asks: the visitor starts the video in the player. */
export const videoEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=0&controls=1&rel=0`;

/** The poster's words when it stands alone (with a video, the play button names the video instead). */
const POSTER_ALT = "Cats relaxing in the playroom";

/**
 * A poster with a play button; the third-party player loads only after a tap. The poster is the
 * summary of a closed `<details>` whose lazy iframe the browser does not load until it opens, so the
 * tap works from the first paint, before (or without) the page's script. Without a video in the
 * published content the poster stands alone: no button that would open an empty player.
 */
export function VideoSection() {
  const { video } = useSiteContent().business;
  const poster = (alt: string) => (
    <img
      src={video.poster.src}
      width={video.poster.width}
      height={video.poster.height}
      alt={alt}
      loading="lazy"
      decoding="async"
      className="h-full w-full object-cover"
    />
  );
  return (
    <Section id="video" eyebrow="Playroom" heading={homeCopy.video.heading} lead={homeCopy.video.lead}>
      <div className="relative mx-auto aspect-video max-w-4xl overflow-hidden rounded-[2rem] bg-brand-900 shadow-card">
        {!video.youtubeId ? (
          poster(POSTER_ALT)
        ) : (
          <details className="group absolute inset-0">
            <summary className="absolute inset-0 z-10 block cursor-pointer list-none group-open:hidden [&::-webkit-details-marker]:hidden">
              {poster("")}
              <span className="absolute inset-0 grid place-items-center bg-brand-950/20 transition-colors group-hover:bg-brand-950/30">
                <span className="flex items-center gap-3 rounded-full bg-white/95 py-3 pr-6 pl-3 font-bold text-brand-900 shadow-2xl">
                  <span className="grid h-12 w-12 place-items-center rounded-full bg-accent-500 text-brand-950">
                    <Icon name="play" className="ml-0.5 h-6 w-6" />
                  </span>
                  Play video<span className="sr-only">: {video.title}</span>
                </span>
              </span>
            </summary>
            <iframe
              src={videoEmbedUrl(video.youtubeId)}
              title={video.title}
              loading="lazy"
              className="absolute inset-0 h-full w-full"
              allow="encrypted-media; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
            />
          </details>
        )}
      </div>
    </Section>
  );
}
