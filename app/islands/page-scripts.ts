import islandAssets from "virtual:island-assets";
import { inlinePageViewScript } from "~/features/analytics/page-view";

/**
 * How the browser brings a page to life (ADR 0104):
 * - `router` (the default): React Router hydrates the whole document and navigates client-side;
 * - `island`: only the page's own tree is hydrated, by its entry in app/islands, without the router
 *   runtime (the public pages people land on: less JavaScript before they can read and act);
 * - `none`: a static document, no JavaScript bundle at all.
 * A route declares it with `export const handle: PageHandle`.
 */
export interface PageHandle {
  hydration?: "router" | "island" | "none";
  /**
   * A router page's scripts start after its first paint (ADR 0137), unless a route on its path says
   * `"at-once"`: the admin area, whose controls need the script and whose users are on fast connections.
   */
  routerScripts?: "after-first-paint" | "at-once";
  /**
   * When an island's script runs (ADR 0204): at the visitor's first tap, key or scroll, or else once
   * the page has loaded and the browser is idle (`"idle"`, the default: a page that does something by
   * itself, like the cookie notice); or only at the first tap, key or scroll (`"interaction"`: a page
   * whose every control works before its script). Either way the first tap is the browser's own.
   */
  islandStart?: "idle" | "interaction";
}

export type PageScripts = { kind: "router" } | { kind: "none" } | { kind: "island"; src: string; preload: string[]; start: "idle" | "interaction" };

/** An island without a built entry (development) hydrates with the router. */
export function pageScripts(routeId: string | undefined, handle: unknown): PageScripts {
  const hydration = (handle as PageHandle | null | undefined)?.hydration ?? "router";
  if (hydration === "none") return { kind: "none" };
  const assets = hydration === "island" && routeId ? islandAssets[routeId] : undefined;
  return assets ? { kind: "island", ...assets, start: (handle as PageHandle).islandStart ?? "idle" } : { kind: "router" };
}

export const ISLAND_ROOT_ID = "island-root";
export const ISLAND_PROPS_ID = "island-props";

/** What starts an island at once, whatever its `islandStart`: the visitor acting on the page. */
const INTERACTIONS = ["click", "keydown", "scroll"];

/**
 * A control that only the page's script can answer (the share dialog) carries this attribute and an
 * id: a tap on it before the script has run is remembered on `<html>` (`TAPPED_BEFORE_SCRIPT`) and
 * repeated once the page is hydrated (HydratedMarker), instead of being lost.
 */
export const NEEDS_SCRIPT_ATTRIBUTE = "data-needs-script";
export const TAPPED_BEFORE_SCRIPT = "tappedBeforeScript";

/**
 * Counts the page view at once, then starts the island (ADR 0204): at the first tap, key or scroll,
 * which the browser has already answered (a dialog opened by `commandfor`, a form posted), or, for an
 * `"idle"` island, once the page has loaded and the browser is idle, so its evaluation and hydration
 * never hold up a tap on a slow phone's first seconds.
 * Nothing is fetched or started before the page's first frame is on screen (ADR 0225): the HTML,
 * the stylesheet, the fonts and the hero have a slow connection to themselves, and a modulepreload
 * started before the paint makes the page wait for it in Lighthouse's model of a phone. After a tap the
 * script starts only once the frame that answers it (the open dialog) is drawn, not inside the tap's
 * own event. An idle island's chunks are fetched all at once (modulepreload for the whole tree, so there
 * is no import waterfall), their links added in idle time a few at a time: adding thirty at once is a
 * task of about 180 ms on a slow phone, which a tap landing then would wait for.
 */
export function islandLoaderScript({ src, preload, start }: { src: string; preload: string[]; start: "idle" | "interaction" }): string {
  const files = JSON.stringify(preload).replace(/</g, "\\u003c");
  const events = JSON.stringify(INTERACTIONS);
  return (
    `${inlinePageViewScript};` +
    `(function(){var started=0,files=${files},next=0,` +
    `idle=function(f){(window.requestIdleCallback||setTimeout)(f)},` +
    // Called by requestIdleCallback, it adds at least one and stops when the idle period ends, going on
    // in the next one; called without a deadline, it adds them all.
    `preload=function(deadline){do{if(next>=files.length)return;var l=document.createElement("link");l.rel="modulepreload";l.href=files[next++];document.head.appendChild(l)}while(!deadline||deadline.timeRemaining()>1);idle(preload)},` +
    `afterFrame=function(f){requestAnimationFrame(function(){setTimeout(f)})},` +
    // At a tap, key or scroll (an event), after the frame that answers it; when idle, at once.
    `go=function(e){if(started)return;started=1;${events}.forEach(function(e){removeEventListener(e,go,true)});var s=function(){preload();import(${JSON.stringify(src)})};e&&e.type?afterFrame(s):s()};` +
    `${events}.forEach(function(e){addEventListener(e,go,{capture:true,passive:true})});` +
    `addEventListener("click",function(e){var r=document.documentElement,t=e.target.closest&&e.target.closest("[${NEEDS_SCRIPT_ATTRIBUTE}]");if(t&&!r.dataset.hydrated)r.dataset.${TAPPED_BEFORE_SCRIPT}=t.id},true);` +
    (start === "idle"
      ? // The frame after the first one begins once the first is on screen.
        `requestAnimationFrame(function(){afterFrame(function(){idle(preload);document.readyState==="complete"?idle(go):addEventListener("load",function(){idle(go)})})})`
      : "") +
    `})()`
  );
}

/** Whether a router page with these routes' handles starts its scripts after the first paint. */
export function routerScriptsAfterFirstPaint(handles: unknown[]): boolean {
  return !handles.some((handle) => (handle as PageHandle | null | undefined)?.routerScripts === "at-once");
}

/** What the server writes in place of React Router's script tags on a router page (deferRouterScripts). */
export const DEFERRED_SCRIPT_TYPE = "x-deferred-module";
export const DEFERRED_PRELOAD_REL = "x-deferred-modulepreload";

/**
 * Starts a router page's scripts once the first frame is painted, as islandLoaderScript does for
 * an island: the server has written React Router's module script and its module preloads inert
 * (deferRouterScripts), so the HTML, the stylesheet and the fonts have the connection to themselves
 * until the page is on screen; its forms work before then (route actions). Does nothing where the
 * tags were left as they are (the development server).
 */
export const routerLoaderScript =
  `requestAnimationFrame(function(){setTimeout(function(){` +
  `document.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]').forEach(function(p){var l=document.createElement("link");l.rel="modulepreload";l.href=p.getAttribute("href");document.head.appendChild(l)});` +
  `document.querySelectorAll('script[type="${DEFERRED_SCRIPT_TYPE}"]').forEach(function(d){var s=document.createElement("script");s.type="module";s.nonce=d.nonce;s.textContent=d.textContent;d.replaceWith(s)})` +
  `})})`;
