/** Dates in the business's time zone, identical on the server and in the browser (no hydration mismatch). */
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/Los_Angeles" });
const dateTimeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "America/Los_Angeles" });

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => `${dateTimeFormat.format(new Date(iso))} (Pacific)`;
