import { isCountedPath } from "~/domain/page-views";

/**
 * First-party page views: the path (nothing else) goes to our own server in a beacon. No cookie is
 * set, no third party is involved, and a browser that asks not to be tracked (Do-Not-Track or
 * Global Privacy Control) sends nothing. The server checks all of this again.
 */
export function sendPageView(pathname: string) {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.doNotTrack === "1" || nav.globalPrivacyControl || !isCountedPath(pathname) || !nav.sendBeacon) return;
  nav.sendBeacon("/api/page-views", pathname);
}

/**
 * The same beacon inline, for pages served without a JavaScript bundle (`hydration: "none"`);
 * their paths are always counted ones.
 */
export const inlinePageViewScript =
  'var n=navigator;n.doNotTrack==="1"||n.globalPrivacyControl||!n.sendBeacon||n.sendBeacon("/api/page-views",location.pathname)';
