import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "@server/db/unavailable";
import { errorPageHtml, pageMessages } from "@server/http/error-page";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { pageScripts, routerScriptsAfterFirstPaint } from "./islands/page-scripts";
import { deferRouterScripts } from "./lib/defer-router-scripts.server";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000;

/**
 * Every error a loader or action throws passes here first (before the document is rendered): one
 * caused by a database outage marks the request, so the answer is a 503 page, not the error boundary's 500.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const loadContext = context as Partial<AppLoadContext> | undefined;
  if (isDatabaseUnavailable(error)) {
    if (loadContext?.failures) loadContext.failures.databaseUnavailable = true;
    loadContext?.logger?.warn({ err: error }, "page: database unavailable");
    return;
  }
  if (loadContext?.logger) loadContext.logger.error({ err: error }, "page: unhandled error");
  else console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (loadContext?.failures?.databaseUnavailable) {
    const { title, message } = pageMessages.unavailable;
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    responseHeaders.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
    return new Response(errorPageHtml(503, title, message), { status: 503, headers: responseHeaders });
  }
  // Prerendering at build time has no request context and so no nonce; the server adds one when serving.
  const nonce = loadContext?.cspNonce;
  // A page the router does not hydrate needs no copy of its loader data for the router.
  const { matches } = routerContext.staticHandlerContext;
  const handleOf = (routeId: string | undefined) => (routeId ? routerContext.routeModules[routeId]?.handle : undefined);
  const leafId = matches.at(-1)?.route.id;
  const hydratedByRouter = pageScripts(leafId, handleOf(leafId)).kind === "router";
  if (!hydratedByRouter) routerContext = { ...routerContext, serverHandoffStream: undefined };
  const scriptsAfterFirstPaint = hydratedByRouter && routerScriptsAfterFirstPaint(matches.map((m) => handleOf(m.route.id)));
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and prerendering get the complete document; browsers get it streamed.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode || !nonce ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // A router page's scripts start after its first paint (ADR 0137); prerendering has no request to serve.
          const body = scriptsAfterFirstPaint && nonce ? deferRouterScripts() : new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are already reported by the error boundary; log only the early ones.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
