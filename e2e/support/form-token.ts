import crypto from "node:crypto";

/**
 * The hidden `formToken` of a page freshly rendered (ADR 0179): a post made as the page's form posts
 * it carries one, new for each rendering; a post without it is refused as a stale form.
 */
export const formToken = () => crypto.randomBytes(18).toString("base64url");
