import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import { isCountedPath } from "./paths";

/**
 * First-party page views: on each route change, the path (nothing else) goes to our own server in
 * a beacon. No cookie is set, no third party is involved, and a browser that asks not to be tracked
 * (Do-Not-Track or Global Privacy Control) sends nothing. The server checks all of this again.
 */
export function usePageViewBeacon() {
  const { pathname } = useLocation();
  // A mistyped address is not a page of the site: its 404 is not counted.
  const notFound = useMatches().at(-1)?.id === "routes/not-found";
  useEffect(() => {
    const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
    if (nav.doNotTrack === "1" || nav.globalPrivacyControl || notFound || !isCountedPath(pathname) || !nav.sendBeacon) return;
    nav.sendBeacon("/api/page-views", pathname);
  }, [pathname, notFound]);
}
