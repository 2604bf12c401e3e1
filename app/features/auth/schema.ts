import { z } from "~/lib/zod";

/** The code in the sign-in mail has this many digits (`randomCode` on the server). */
export const SIGN_IN_CODE_LENGTH = 6;

/** The refusals of what a person types into the sign-in forms, in the words the API and the forms give. */
export const SIGN_IN_INPUT_TEXT = {
  invalidEmail: "Please enter a valid email address.",
  codeFormat: `Please enter the ${SIGN_IN_CODE_LENGTH}-digit code from the e-mail.`,
} as const;

/** An address as sign-in takes it: trimmed and lower-cased, so one mailbox is one account. */
export const signInEmailField = z
  .string({ error: SIGN_IN_INPUT_TEXT.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, SIGN_IN_INPUT_TEXT.invalidEmail)
  .pipe(z.email({ error: SIGN_IN_INPUT_TEXT.invalidEmail }));

/**
 * The sign-in form, as a public page posts it without JavaScript and as `/api/auth/magic-link` takes
 * it. The return path stays text: `requestSignIn` keeps it only when it is a path on this site.
 */
export const signInLinkForm = z.object({ email: signInEmailField, redirectTo: z.string().default("") });

/** The code typed on another device (`/api/auth/verify-code`): the address the mail went to, and the code with any spaces taken out. */
export const signInCodeForm = z.object({
  email: signInEmailField,
  code: z
    .string({ error: SIGN_IN_INPUT_TEXT.codeFormat })
    .transform((s) => s.replace(/\s+/g, ""))
    .pipe(z.string().regex(new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`), SIGN_IN_INPUT_TEXT.codeFormat)),
});
/** A typed code as the edge parsed it. */
export type SignInCodeRequest = z.output<typeof signInCodeForm>;
