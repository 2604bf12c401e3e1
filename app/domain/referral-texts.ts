/** The words of referrals (ADR 0153): the "Refer a friend" section of /account and the link's page. */
export const REFERRAL_TEXT = {
  heading: "Refer a friend",
  intro:
    "Share your link. When a friend signs up through it and completes their first stay with us, you get a free night, taken off your next stay by itself as a “Referral credit”.",
  linkLabel: "Your referral link",
  noLink: "Your link comes with your household: create it now, and share it with a friend.",
  create: "Get my referral link",
  created: "Your referral link is ready",
  copy: "Copy link",
  copied: "Link copied",
  notCopied: "Could not copy: select the link and copy it.",
  rules: "It counts for a friend who is new to us, on their own e-mail and phone number. A free night is valid for a year.",
  unknownTitle: "This referral link is not valid",
  unknownBody: "It may have been copied incompletely. You can still sign in or create an account with your e-mail address.",
  ownTitle: "This is your own referral link",
  ownBody: "Share it with a friend: opening it yourself earns nothing. When a friend signs up through it and completes their first stay, you get a free night.",
  memberTitle: "You already have an account",
  memberBody: "Referral links are for new customers, so this one changes nothing for you.",
  welcomeTitle: "A friend invited you",
  welcomeBody:
    "Create your account with your e-mail address: no password needed. When you complete your first stay with us, the friend who sent you this link gets a free night.",
} as const;

/** The intent of the form that creates the household's link (an account with no household yet has none). */
export const REFERRAL_LINK_INTENT = "referral-link";

/** What /account shows of the household's referrals. */
export interface ReferralSection {
  link: string | null;
  earned: number;
  /** Free nights to use, each with the day it expires (an instant, ISO). */
  available: { expiresAt: string }[];
}
