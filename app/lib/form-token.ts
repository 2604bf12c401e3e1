/**
 * The hidden field holding the page's form token (ADR 0179): `<FormToken>` renders it, `submitOnce`
 * reads it. A module of its own, so a page that posts a token loads no form library for it.
 */
export const FORM_TOKEN = "formToken";
