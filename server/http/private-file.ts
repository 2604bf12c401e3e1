/**
 * The policy of a file opened in the browser: it runs nothing and loads nothing. `sandbox` gives it
 * an origin of its own, so even a file that got past the upload's checks cannot act as our site
 * (read the reader's session, post forms). Who may frame it (our own pages: the Documents queue)
 * stays with the app's X-Frame-Options, which looks at the file's address, not its sandboxed origin.
 */
const PRIVATE_FILE_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

/**
 * The answer carrying a private file (a cat's photo, a vaccine certificate) to the one person
 * allowed to see it: never cached by a browser or a proxy, its type taken as given (no sniffing,
 * so an upload can never run as a page), sandboxed when opened, and a file name for saving it.
 */
export function privateFileResponse(bytes: Buffer, file: { type: string; name: string; disposition?: "inline" | "attachment" }): Response {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": file.type,
      "Content-Length": String(bytes.length),
      "Content-Disposition": `${file.disposition ?? "inline"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": PRIVATE_FILE_CSP,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The same answer for a file that does not exist and one the reader may not see. */
export const privateFileNotFound = () => new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
