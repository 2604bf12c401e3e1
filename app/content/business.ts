import { identity } from "./identity";

/**
 * The business profile. Placeholders ({phone}, {email}) from the specification are given
 * clearly replaceable defaults here; components never hard-code business facts.
 *
 * REPLACE BEFORE LAUNCH: phone numbers (555 numbers), e-mail, street address, geo, booking
 * URLs, social links and tax ID are placeholders, and there is no playroom video yet (admins set
 * it in Content; the admin dashboard's launch readiness lists what is left).
 */
export const business = {
  name: identity.name,
  shortName: "Cat Hotel",
  tagline: "First Night Free For New Customers",
  description:
    "Cat-only boarding and grooming in Laguna Niguel, Orange County. Quiet private rooms, gentle groomers and 24/7 supervised care from people who only look after cats.",
  phone: { display: "(949) 555-0100", tel: "+19495550100" },
  /** The grooming desk; the page copy carries more than one number ({phone}). */
  groomingPhone: { display: "(949) 555-0101", tel: "+19495550101" },
  email: "hello@example.com",
  address: {
    street: "28000 Placeholder Pkwy, Suite 100",
    city: "Laguna Niguel",
    region: "CA",
    postalCode: "92677",
    country: "US",
  },
  geo: { latitude: 33.5225, longitude: -117.7075 },
  /** Page copy. */
  hours: [
    { days: "Monday – Friday", time: "9am – 5pm" },
    { days: "Saturday", time: "9am – 12pm" },
    { days: "Sunday", time: "Closed" },
  ],
  lunch: "12pm – 1pm",
  phoneSupport: "8 AM-6 PM daily",
  emailResponse: "within 24 hours",
  /** Structured data (schema.org openingHoursSpecification). */
  openingHoursSpecification: [
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "09:00", closes: "17:00" },
    { days: ["Saturday"], opens: "09:00", closes: "12:00" },
  ],
  /** Stays are booked on this site; owners who keep an outside system turn `online` off and give its pages (opened in a new tab). */
  booking: {
    online: true,
    roomUrl: "https://booking.example.com/laguna-niguel-cat-hotel/rooms",
    groomUrl: "https://booking.example.com/laguna-niguel-cat-hotel/grooming",
  },
  social: [
    { name: "Facebook", url: "https://www.facebook.com/" },
    { name: "Instagram", url: "https://www.instagram.com/" },
    { name: "Yelp", url: "https://www.yelp.com/" },
    { name: "YouTube", url: "https://www.youtube.com/" },
  ],
  taxId: "XX-XXXXXXX",
  serviceAreas: [
    "Laguna Niguel",
    "Mission Viejo",
    "Aliso Viejo",
    "Dana Point",
    "San Juan Capistrano",
    "Laguna Beach",
    "Anaheim",
    "Santa Ana",
    "All Orange County",
  ],
  priceRange: "$$",
  paymentAccepted: ["Cash", "Credit Card", "Debit Card"],
  history: identity.history,
  map: {
    title: "Map showing the Laguna Niguel Cat Hotel",
    embedUrl: "https://www.google.com/maps?q=Laguna+Niguel,+CA+92677&output=embed",
    directionsUrl: "https://www.google.com/maps/dir/?api=1&destination=Laguna+Niguel,+CA+92677",
  },
  video: {
    title: "A tour of our cat playroom",
    /** The YouTube id of the playroom tour; none until an admin sets one (the section then shows the poster only). */
    youtubeId: "",
    poster: { src: "/images/playroom-poster.svg", width: 1280, height: 720 },
  },
  logo: { src: "/images/logo.svg", width: 48, height: 48 },
  ogImage: { src: "/images/og-card.png", width: 1200, height: 630 },
} as const;

export type Business = typeof business;
