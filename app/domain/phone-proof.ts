/**
 * Proving the household mobile with a texted code (ADR 0140): the code's rules and the words the
 * page and the server use, shared so both say the same (the forms: app/features/account/phone-proof-schema.ts).
 */

export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_MAX_ATTEMPTS = 5;

export const PHONE_PROOF_TEXT = {
  verified: "Verified",
  notVerified: "Not verified",
  why: "Verify this number to include your callback requests and vouchers made with it in your data download and account deletion. Until then we go by your e-mail address only: anyone can type a number.",
  verifiedWhy: "Your callback requests and vouchers made with this number are included in your data download and account deletion.",
  sendCode: "Verify this number",
  sendAgain: "Send a new code",
  codeLabel: "Code from the text",
  confirm: "Confirm code",
  codeSent: "Code sent",
  confirmed: "Number verified",
  codeFormat: `Enter the ${PHONE_CODE_LENGTH}-digit code from the text.`,
  noMobile: "Save your mobile number first, then verify it.",
  alreadyVerified: "This number is already verified.",
  noCode: "Send a code to your mobile first.",
  codeWrong: "That code is not correct. Check the text and try again.",
  codeExpired: `This code has expired (codes work for ${PHONE_CODE_TTL_MINUTES} minutes). Send a new code.`,
  codeLocked: "Too many wrong codes. Send a new code.",
  codeTooMany: "Too many attempts. Please wait a few minutes before trying another code.",
  sendTooMany: "We've sent several codes just now. Please wait before asking for another.",
  mobileChanged: "Your mobile number changed just now. Reload the page and verify the new number.",
  sendFailed: "We could not send the text just now. Please try again in a minute.",
} as const;

export const PHONE_PROOF_INTENTS = { send: "send-phone-code", confirm: "confirm-phone-code" } as const;

/** What the account page shows about the mobile: proven, a code in flight, or neither. */
export type PhoneProofStatus = { state: "none" } | { state: "verified"; verifiedAt: string } | { state: "code-sent"; expiresAt: string };
