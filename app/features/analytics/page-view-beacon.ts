import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import { sendPageView } from "./page-view";

/** Under the router: one page view per route change. */
export function usePageViewBeacon() {
  const { pathname } = useLocation();
  // A mistyped address is not a page of the site: its 404 is not counted.
  const notFound = useMatches().at(-1)?.id === "routes/not-found";
  useEffect(() => {
    if (!notFound) sendPageView(pathname);
  }, [pathname, notFound]);
}
