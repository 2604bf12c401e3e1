import { DOCUMENT_MAX_BYTES } from "~/domain/vaccines";
import { UPLOAD_LIMITS } from "~/domain/images";

const MB = 1024 * 1024;

/**
 * A self-contained HTML page for answers given before or instead of the React Router page: an
 * outage, a body that is too large or not a form. It needs nothing from the database and carries
 * no stack trace.
 */
export function errorPageHtml(status: number, title: string, message: string): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)} | Laguna Niguel Cat Hotel</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1.5rem;color:#1f2937;line-height:1.5}a{color:#9a3412;font-weight:600}</style>
</head>
<body>
<main>
<h1>${escape(title)}</h1>
<p>${escape(message)}</p>
<p><a href="/">Return to Home</a></p>
<p><small>Error ${status}</small></p>
</main>
</body>
</html>
`;
}

export const pageMessages = {
  unavailable: {
    title: "We will be right back",
    message: "Our website cannot reach its records for a moment. Please try again in a few seconds; nothing you sent before was lost.",
  },
  tooLarge: { title: "That was too much to send", message: "The form you sent is larger than we accept. Please shorten it and try again." },
  fileTooLarge: {
    title: "That file is too large",
    message: `Photos can be up to ${UPLOAD_LIMITS.maxBytes / MB} MB and certificates up to ${DOCUMENT_MAX_BYTES / MB} MB. Nothing was changed: please go back, choose a smaller file and try again.`,
  },
  badForm: { title: "We could not read that form", message: "What was sent is not a form we understand. Please go back, reload the page and try again." },
  internal: { title: "Something went wrong", message: "We could not show this page. Please try again in a moment." },
} as const;
