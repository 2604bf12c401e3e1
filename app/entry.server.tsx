import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { pageScripts } from "./islands/page-scripts";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Prerendering at build time has no request context and so no nonce; the server adds one when serving.
  const nonce = loadContext?.cspNonce;
  // A page the router does not hydrate needs no copy of its loader data for the router.
  const leafId = routerContext.staticHandlerContext.matches.at(-1)?.route.id;
  if (pageScripts(leafId, leafId ? routerContext.routeModules[leafId]?.handle : undefined).kind !== "router")
    routerContext = { ...routerContext, serverHandoffStream: undefined };
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
        const body = new PassThrough();
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
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
