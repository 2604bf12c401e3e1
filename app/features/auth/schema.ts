import { z } from "~/lib/zod";

/**
 * The sign-in form as a public page posts it without JavaScript. Both fields stay text here:
 * requestSignIn checks the address and the return path for the JSON endpoint too, and answers in the
 * spec's words.
 */
export const signInLinkForm = z.object({ email: z.string().default(""), redirectTo: z.string().default("") });
