import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";
import { DEFERRED_PRELOAD_REL, DEFERRED_SCRIPT_TYPE } from "~/islands/page-scripts";

/** React Router's tags that start fetching and running the page's modules as soon as they are parsed. */
function rewrite(html: string): string {
  return html
    .replaceAll('<link rel="modulepreload"', `<link rel="${DEFERRED_PRELOAD_REL}"`)
    .replace(/(<script\b[^>]*) type="module" async="">/g, `$1 type="${DEFERRED_SCRIPT_TYPE}">`);
}

/**
 * The HTML of a router page with React Router's module script and module preloads made inert, for
 * routerLoaderScript to start after the first paint (ADR 0137). Works on the stream as React writes
 * it: only complete tags are rewritten, so a tag split across two chunks waits for the second.
 */
export function deferRouterScripts(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = pending + decoder.write(chunk);
      const lastOpen = text.lastIndexOf("<");
      const end = lastOpen > text.lastIndexOf(">") ? lastOpen : text.length;
      pending = text.slice(end);
      done(null, rewrite(text.slice(0, end)));
    },
    flush(done) {
      done(null, rewrite(pending + decoder.end()));
    },
  });
}
