import type { RequestHandler } from "express";
import { errorBody } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_MESSAGE = "Requests from other sites are not accepted. Please use the form on our website.";

/**
 * Refuses state-changing requests (anything but GET/HEAD/OPTIONS: API calls and page actions alike)
 * that a browser marks as coming from another site: `Sec-Fetch-Site: cross-site`, or an `Origin`
 * that is neither PUBLIC_SITE_URL nor the host the request was sent to. SameSite=Lax cookies
 * already stop most of this; this check does not depend on them. Requests without either header
 * (curl, server-to-server) carry no ambient browser credentials and pass.
 */
export function refuseCrossSite({ publicSiteUrl }: { publicSiteUrl: string }): RequestHandler {
  const publicOrigin = new URL(publicSiteUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get("sec-fetch-site");
    const origin = req.get("origin");
    if (fetchSite !== "cross-site" && (origin === undefined || isOwnOrigin(origin, publicOrigin, req.get("host")))) return next();
    req.log?.warn({ origin, fetchSite, path: req.path }, "refused a cross-site state-changing request");
    if (req.path.startsWith("/api/")) {
      res.status(403).json(errorBody("CROSS_SITE_REQUEST", CROSS_SITE_MESSAGE));
    } else {
      res.status(403).type("text/plain").send(CROSS_SITE_MESSAGE);
    }
  };
}

function isOwnOrigin(origin: string, publicOrigin: string, host: string | undefined): boolean {
  if (origin === publicOrigin) return true;
  try {
    // "null" (sandboxed frames, some redirects) does not parse and is refused.
    return host !== undefined && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}
