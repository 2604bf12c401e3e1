import { PHONE_CODE_LENGTH, PHONE_PROOF_TEXT } from "~/domain/phone-proof";
import { z } from "~/lib/zod";

/** The forms that prove the household mobile with a texted code (ADR 0140). */

/** "Verify this number": nothing to fill in; the number is the household's saved mobile. */
export const sendPhoneCodeForm = z.object({});

export const confirmPhoneCodeForm = z.object({
  code: z
    .string(PHONE_PROOF_TEXT.codeFormat)
    .transform((s) => s.replace(/\s+/g, ""))
    .pipe(z.string().regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), PHONE_PROOF_TEXT.codeFormat)),
});
