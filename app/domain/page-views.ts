/**
 * Which paths are counted as page views. Shared by the browser beacon (so it does not even send
 * them) and the server (which refuses them whatever the browser sends). Staff and tooling pages are
 * not visits to the website (every path starting /admin, /api or /dev, e.g. /admin-backup too); a path is only ever the part before `?` and `#`, so tokens in query
 * strings (sign-in links, unsubscribe links) never reach the counts.
 */
const NOT_COUNTED = /^\/(admin|api|dev)/i;
const COUNTABLE = /^\/[A-Za-z0-9._~\-/]{0,119}$/;

export function isCountedPath(path: string): boolean {
  return COUNTABLE.test(path) && !NOT_COUNTED.test(path) && !path.includes("//");
}
