/** Every visible sign-in string, in one place: the product's wording, kept word for word. */
export const AUTH_TEXT = {
  pageTitle: "Log In or Create Account",
  loading: "Loading...",
  sendMagicLink: "Send Magic Link",
  sending: "Sending...",
  checkEmailTitle: "Check your email",
  checkEmailToast: "We've sent you a magic link to sign in.",
  rateLimitInline: "Too many email requests. Please wait a few minutes before trying again.",
  rateLimitToastTitle: "Email Rate Limit",
  rateLimitToast: "You've sent too many emails. Please wait before trying again.",
  errorToastTitle: "Error",
  signedInTitle: "Signed In",
  signedIn: (email: string) => `Welcome back, ${email}!`,
  signedOutTitle: "Signed Out",
  signedOut: "You have been signed out successfully.",
  loadingAdmin: "Loading admin dashboard...",
} as const;

/** The spec keys the rate-limit texts on the error message containing "rate limit". */
export const isRateLimitMessage = (message: string) => message.toLowerCase().includes("rate limit");
