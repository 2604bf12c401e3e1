import { business } from "~/content/business";

/** The spec's {email}: the business address pre-fills the magic-link field (the content module may not define it yet). */
const profile: { name: string; email?: string } = business;
export const DEFAULT_MAGIC_LINK_EMAIL = profile.email ?? "hello@example.com";
