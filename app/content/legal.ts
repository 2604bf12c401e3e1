import { formatAddress } from "~/lib/address";
import { business } from "./business";

export interface LegalSection {
  heading: string;
  paragraphs?: readonly string[];
  list?: readonly string[];
}

export interface LegalDocument {
  path: string;
  title: string;
  description: string;
  /** ISO date of the last change; shown on the page. */
  updated: string;
  intro: readonly string[];
  sections: readonly LegalSection[];
}

/** Change this date whenever the wording of a legal page changes. */
export const LEGAL_UPDATED = "2026-11-21";
/** The privacy policy now says how page views are counted, how to download or delete your data, and that a number counts as yours once verified. */
const PRIVACY_UPDATED = "2026-11-26";

/**
 * The contact details the documents print. The pages pass the published business profile
 * (server/content/content.ts), so an edit in /admin/content shows here as on the home page.
 */
export interface LegalContact {
  email: string;
  phone: { display: string };
  address: { street: string; city: string; region: string; postalCode: string };
}

const contactLineOf = (contact: LegalContact) => `${business.name}, ${formatAddress(contact.address)} · ${contact.email} · ${contact.phone.display}`;

export const privacyPolicy = (contact: LegalContact): LegalDocument => ({
  path: "/privacy-policy",
  title: "Privacy Policy",
  description: `What personal information the ${business.name} website collects, why, who processes it, how long we keep it, and your California privacy rights.`,
  updated: PRIVACY_UPDATED,
  intro: [
    `This policy explains what the ${business.name} ("we", "us") collects through this website, why, and what you can ask us to do with it. We collect only what we need to answer you, book your cat's stay and keep the site secure. We do not sell or share your personal information for advertising, and we do not use advertising or analytics trackers.`,
  ],
  sections: [
    {
      heading: "What we collect and why",
      list: [
        "Sign-in e-mail address: when you sign in or create an account we store your e-mail address, when it was confirmed and when you last signed in, so we can send you a one-time sign-in link and show your appointments. Sign-in links and codes are stored only in a scrambled (hashed) form and stop working after 10 minutes or after one use. For each sign-in we also record its time and whether the link or the code was used, to count sign-ins in our statistics.",
        "Session cookie: after you sign in, a cookie keeps you signed in. It holds a random identifier; we keep a hashed copy to recognise it. Signing out deletes the session.",
        "Callback phone number: when you ask us to call you, we store the phone number you typed (as +1 and 10 digits) and ask our telephony provider to connect the call. We use it only to make that call and to prevent abuse, such as calling the same number repeatedly.",
        "Free-night voucher request: your full name, e-mail, phone number, the wording of the consent you gave, when you gave it and the page you sent it from, so we can send your voucher and promotional e-mails you agreed to.",
        "Newsletter sign-up: your e-mail address, the consent wording and its time, so we can send the newsletter you asked for. Every newsletter has an unsubscribe link.",
        'Mobile number check: when you verify your mobile number on your account page, we text a 6-digit code to it and store the code only in a scrambled (hashed) form, with how many times it was tried, when it expires (after 10 minutes; 5 tries) and when the number was verified, so that only a number you have shown to be yours counts as yours (see "Download or delete your data").',
        "Household and cats: when you fill in your account page and My Cats, we store your name, mobile number and address, an emergency contact's name and number, your vet's clinic and number, and each cat's profile (name, breed, sex, birth date or age, spay/neuter status, microchip number, colour, feeding, medications, behaviour notes, FeLV/FIV status and photo), so our team can care for your cats and reach you.",
        "Vaccine records: the vaccine, the expiry date you entered, the certificate you uploaded (its file, name and size) and our review of it, so we can check that every cat in our care is vaccinated. Only you and our staff can open the certificates and photos.",
        "Appointments: the service, dates and times, your cats' names, notes and the number reminders go to, so we can run your booking.",
        "Online check-in: the care plan you confirm for a stay (food, medication and the doses you bring, hiding places and fears, belongings), the spending limit for a vet visit, who to call and the people you allow to collect your cat (names and mobile numbers), and your signature of the boarding agreement: the name you typed, when you signed, the IP address and browser you signed from, and the text you signed, so we can show what was agreed.",
        'The cookiesAccepted flag: when you accept the cookie notice, your browser stores the value "true" under the name cookiesAccepted (browser storage, not sent to us) so the notice does not appear again.',
        "Page view counts: each page you open adds one to that page's count for the day. The count is all we keep: no cookie, no identifier and no IP address goes with it, and a browser that sends Do Not Track or Global Privacy Control is not counted at all.",
        "Technical data: like every web server, ours records the IP address, time, requested page and browser type of each request in short-lived logs, and counts recent requests per IP address, e-mail address or phone number to enforce rate limits. We use this only to keep the service running and secure.",
      ],
    },
    {
      heading: "Who processes your information for us",
      paragraphs: ["We use a small number of service providers, each only for the purpose below and under contracts that limit their use of the data:"],
      list: [
        "E-mail delivery (an SMTP e-mail service): sends sign-in links, vouchers and newsletters; it receives your e-mail address and the message.",
        "Telephony (Twilio): places the callback you request, and sends appointment reminder text messages and the code that verifies your mobile number; it receives the phone numbers involved.",
        "Website content (WordPress): some page content is managed in WordPress. Our staff use it; visitors' personal information is not sent to it.",
        "Embedded video (YouTube, privacy-enhanced mode on youtube-nocookie.com): the player loads only after you press Play. From then on Google receives your IP address and may store data in your browser under its own privacy policy.",
        "Embedded map (Google Maps): shows where we are. When the map loads, Google receives your IP address and may set its own cookies under its privacy policy. Use the Get Directions link instead if you prefer.",
      ],
    },
    {
      heading: "How long we keep it",
      list: [
        "Account e-mail: while your account exists; you can delete the account yourself (see below).",
        "Household, cats, photos, vaccine records and certificates: while your account exists. They are erased when you delete the account; an archived cat stays on your account until then.",
        "Online check-in and signed agreements: while your account exists; they are erased when you delete the account.",
        "Appointments: for our business records. When you delete your account we keep each appointment's service, dates and status, and erase your name, e-mail address, phone number, your cats' names and the notes.",
        "Sign-in records (time and method): while your account exists; when it is deleted they keep no link to you and only count towards totals.",
        "Sign-in links and codes: until used or 10 minutes after they were sent, whichever comes first.",
        "Sessions: until you sign out or the session expires.",
        "Callback phone numbers: 12 months, then deleted.",
        "Voucher requests: 24 months after the request, or until you withdraw consent.",
        "Newsletter sign-ups: until you unsubscribe; we then keep only the fact that you unsubscribed, so we do not write to you again.",
        "Server logs and rate-limit counters: a few days; at most 30 days.",
      ],
    },
    {
      heading: "Download or delete your data",
      paragraphs: [
        'Signed in, open your account page. "Download your data" gives you one zip file with everything we store about your account and household: a JSON file with every stored detail (account, sign-ins and sessions, household, cats including archived ones, medications, vaccine records, appointments, and the callback, voucher and newsletter requests sent with your e-mail address or your verified mobile number), with your cats\' photos and vaccine certificates as files. Only secrets that protect your account (scrambled sign-in and session tokens) are left out.',
        "Which requests count as yours: those sent with the e-mail address you sign in with (the sign-in link proves it is yours), and those sent with a mobile number you have verified on your account page with the code we text to it. A number only typed into a form proves nothing (anyone can type anyone's number), so requests made with a number you have not verified are neither in your download nor deleted with your account; when you change your mobile number, the new one counts once you verify it.",
        '"Delete my account" asks you to confirm, then at once erases your account, household, cats, photos, vaccine records and certificates, sessions and sign-in links, and the callback, voucher and newsletter requests sent with your e-mail address or your verified mobile number, and signs you out everywhere. We keep your appointments for our business records without anything that identifies you (the service, dates and status only), keep the time of each past sign-in for our statistics without a link to you, and keep the record that a text message was sent without the number or the message. We e-mail you a confirmation. Staff accounts are deleted by the owner.',
      ],
    },
    {
      heading: "Your California privacy rights (CCPA/CPRA)",
      paragraphs: [
        "If you live in California you have the right to know what personal information we collect, use and disclose; to get a copy of it; to have it corrected; to have it deleted; to limit the use of sensitive personal information (we collect none); and to opt out of the sale or sharing of personal information (we do not sell or share it). We will not treat you differently for using these rights.",
        `To use a right, e-mail ${contact.email} or call ${contact.phone.display}, and tell us the e-mail address or phone number you used with us. We confirm that the request is yours by writing to that address or number, and answer within 45 days. You may let an authorised agent ask for you; we will ask for proof of the authorisation.`,
      ],
    },
    {
      heading: "Choices you have at any time",
      list: [
        "Unsubscribe from e-mails with the link in any e-mail, or by writing to us.",
        "Sign out to delete your session; download your data or delete your account from your account page.",
        "Clear the cookiesAccepted flag by clearing this site's data in your browser.",
      ],
    },
    {
      heading: "Security",
      paragraphs: [
        "Connections to this site are encrypted. Sign-in tokens and session identifiers are stored hashed, stored WordPress passwords are encrypted, and access to the admin area is limited to our staff.",
      ],
    },
    {
      heading: "Children",
      paragraphs: ["This site is for adult cat owners. We do not knowingly collect information from children under 16."],
    },
    {
      heading: "Changes and contact",
      paragraphs: ["If we change this policy we update the date at the top of this page. For any privacy question, contact us:", contactLineOf(contact)],
    },
  ],
});

export const termsOfService = (contact: LegalContact): LegalDocument => ({
  path: "/terms",
  title: "Terms of Service",
  description: `The terms for using the ${business.name} website, signing in, requesting callbacks and booking cat boarding and grooming.`,
  updated: LEGAL_UPDATED,
  intro: [
    `These terms apply when you use the ${business.name} website. By using it, signing in or sending us a request, you agree to them. If you do not agree, please do not use the site.`,
  ],
  sections: [
    {
      heading: "Bookings",
      paragraphs: [
        "Cat rooms and grooming appointments are booked on our booking pages or by phone; a booking is confirmed only when we confirm it. Prices, availability and care details are agreed at booking.",
        "Every cat must have proof of current FVRCP vaccination. Rabies vaccination is recommended. We may decline a stay or groom if a cat is unwell or its vaccinations are not current, for the safety of all our guests.",
      ],
    },
    {
      heading: "Offers and our guarantee",
      list: [
        "First night free: for new customers (a person with no stay booked or completed with us), on a stay of 3 nights or more; the first night's room price is taken off when the stay is booked. One per person, not per account: an account whose e-mail reaches the same mailbox as one that has had it (a “+tag” added to the address, or dots in a Gmail name, make no new mailbox) or whose mobile number is one proven by such an account is not new. Not exchangeable for cash; a stay that is cancelled gives it back. The voucher from “Claim Your Free Night” is the same offer, not a second one, and only the account it was sent to can use it.",
        "Referral: when someone you referred completes their first stay, you receive one free night.",
        "100% satisfaction guarantee: if you are not happy with a stay or groom, tell us within 7 days and we will make it right or refund the service.",
      ],
    },
    {
      heading: "Callback requests",
      paragraphs: [
        "When you ask for a callback you confirm that the phone number is yours or that you may use it, and agree that we call it once to connect you with us. We do not use it for marketing calls.",
      ],
    },
    {
      heading: "Your account",
      paragraphs: [
        "You sign in with a one-time link or code sent to your e-mail. Keep access to your e-mail secure; anyone who can read it can sign in as you. Tell us if you think someone else has used your account.",
      ],
    },
    {
      heading: "Donations",
      paragraphs: [
        "The donation section of this site is a demonstration: no payment is taken on this site. Any real donation is made through a payment provider under its own terms.",
      ],
    },
    {
      heading: "Acceptable use",
      list: [
        "Do not send false information, other people's phone numbers or e-mail addresses without their permission, or automated requests.",
        "Do not try to get around rate limits, security measures or the admin area's access checks.",
      ],
    },
    {
      heading: "Content and liability",
      paragraphs: [
        "We keep the information on this site accurate, but it may change. The site is provided as is. To the extent the law allows, we are not liable for indirect losses from using the site; nothing in these terms limits rights you have under California consumer law.",
        "These terms are governed by the laws of California. Our Privacy Policy and Cookie Policy explain how we handle personal information.",
      ],
    },
    {
      heading: "Changes and contact",
      paragraphs: ["If we change these terms we update the date at the top of this page. Questions? Contact us:", contactLineOf(contact)],
    },
  ],
});

export const cookiePolicy = (contact: LegalContact): LegalDocument => ({
  path: "/cookie-policy",
  title: "Cookie Policy",
  description: `Which cookies and browser storage the ${business.name} website uses — only what it needs to work — and how to control them.`,
  updated: LEGAL_UPDATED,
  intro: [
    "We use as little browser storage as possible: no advertising cookies and no analytics trackers. This page lists everything this site and its embedded services may store in your browser.",
  ],
  sections: [
    {
      heading: "Strictly necessary",
      list: [
        "Session cookie (set only when you sign in): keeps you signed in. It is HttpOnly (scripts cannot read it), sent only over secure connections in production, and deleted when you sign out or when the session expires.",
      ],
    },
    {
      heading: "Your cookie notice choice",
      list: [
        'cookiesAccepted (browser local storage, value "true"): remembers that you accepted the cookie notice so it is not shown again. It is never sent to our server. If you choose to opt out, nothing is stored and the notice appears on your next visit.',
      ],
    },
    {
      heading: "Embedded services",
      list: [
        "YouTube video (youtube-nocookie.com, privacy-enhanced mode): nothing loads until you press Play. When the player runs, Google may store data in your browser.",
        "Google Maps: the embedded map is loaded from Google, which may set its own cookies. The Get Directions link opens Google Maps in a new tab instead.",
      ],
    },
    {
      heading: "How to control cookies",
      paragraphs: [
        "You can delete or block cookies and site data in your browser's settings. Blocking the session cookie means you cannot stay signed in; the rest of the site works without any cookies.",
      ],
    },
    {
      heading: "Contact",
      paragraphs: ["Questions about this policy? Contact us:", contactLineOf(contact)],
    },
  ],
});
