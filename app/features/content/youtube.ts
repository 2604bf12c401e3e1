/** A YouTube video id: 11 letters, digits, "-" or "_". */
const VIDEO_ID = /^[\w-]{11}$/;

const WATCH_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com"]);

/**
 * The video id in what an owner pastes: the id itself, or a watch, share (youtu.be), embed, shorts or
 * live link, with or without https://. Null when it is none of these.
 */
export function youtubeVideoId(input: string): string | null {
  const value = input.trim();
  if (VIDEO_ID.test(value)) return value;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined;
  if (host === "youtu.be") id = segments[0];
  else if (WATCH_HOSTS.has(host))
    id = segments[0] === "watch" ? url.searchParams.get("v") : ["embed", "shorts", "live", "v"].includes(segments[0] ?? "") ? segments[1] : null;
  return id && VIDEO_ID.test(id) ? id : null;
}
