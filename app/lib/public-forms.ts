import { createContext, useContext } from "react";

/**
 * The public pages' forms that post to the page they are on (ADR 0117): each carries its `intent`, and
 * every public page's route action (server/leads/public-forms.ts) handles all of them, so they work
 * before and without JavaScript. With JavaScript the same forms are sent by script, as before.
 */
export const PUBLIC_FORM_INTENTS = {
  callback: "callback",
  voucher: "voucher",
  newsletter: "newsletter",
  signIn: "sign-in",
  donate: "donate",
} as const;

export type PublicFormIntent = (typeof PUBLIC_FORM_INTENTS)[keyof typeof PUBLIC_FORM_INTENTS];

/**
 * Where the forms post: the page they are on, except on the home page, an index route, whose action
 * React Router reaches only with `?index` (a bare `/` would post to the root).
 */
const PublicFormTargetContext = createContext<string | undefined>(undefined);
export const PublicFormTarget = PublicFormTargetContext.Provider;
export const usePublicFormTarget = () => useContext(PublicFormTargetContext);
