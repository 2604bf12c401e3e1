import { identity as business } from "./identity";

/** Section copy of the home page. Business facts come from `business`. */
export const homeCopy = {
  hero: {
    eyebrow: "Cat-only boarding & grooming in Laguna Niguel",
    title: "A calm, cat-only hotel your cat will actually enjoy",
    lead: `Private rooms, gentle grooming and round-the-clock care from a team that has looked after Orange County cats for ${business.history.yearsServing}.`,
    image: { src: "/images/hero-cat.svg", width: 640, height: 560, alt: "Illustration of a relaxed ginger cat on a cushion in a sunny hotel room" },
    highlights: ["Cats only — no dogs, ever", "24/7 supervised care", "FVRCP-vaccinated guests"],
  },
  services: {
    heading: "Our Services",
    lead: "Everything your cat needs while you are away, under one quiet roof.",
    images: [
      { src: "/images/room.svg", width: 480, height: 320, alt: "Illustration of a private cat room with a bed, window perch and shelves" },
      { src: "/images/grooming.svg", width: 480, height: 320, alt: "Illustration of a cat being gently brushed on a grooming table" },
    ],
  },
  about: {
    heading: "About Us",
    paragraphs: [
      `Since ${business.history.servingSince}, our family has cared for the cats of Laguna Niguel and the surrounding Orange County communities — ${business.history.yearsServing} of boarding and grooming cats, and only cats.`,
      `The ${business.name} as it stands today was founded in ${business.history.foundedYear}: a purpose-built, cat-only hotel with private rooms, a sunny playroom and a grooming studio designed around feline comfort.`,
      "Every guest is looked after by trained caretakers who know cats: their quiet signals, their routines and their need for a calm, predictable day.",
    ],
  },
  reviews: {
    heading: "What Cat Parents Say",
    // The owners choose which reviews show (admin content), so the count follows them.
    lead: (count: number) => `${count === 1 ? "A review" : `${count} reviews`} from families who trust us with their cats.`,
  },
  guarantee: {
    heading: "Our Promise To You",
    items: [
      {
        title: "100% Satisfaction Guarantee",
        text: "If you are not completely happy with your cat's stay or groom, we will make it right — or give you your money back.",
        icon: "shield",
      },
      {
        title: "First Night Free",
        text: "New customers stay their first night free on a stay of 3 nights or more. Try a 3-night stay and see how relaxed your cat comes home.",
        icon: "moon",
      },
      {
        title: "Free Night For A Referral",
        text: "Refer a friend and you both earn a free night when they book their first stay.",
        icon: "gift",
      },
    ],
    voucherCta: "Claim Your Free Night",
  },
  signup: {
    heading: "Ready to give your cat the best?",
    lead: "Join our newsletter for care tips, seasonal openings and members-only offers.",
    consent: "I agree to receive promotional emails. Unsubscribe at any time.",
  },
  map: { heading: "Find Us", lead: "Easy to reach from anywhere in south Orange County." },
  video: { heading: "Take A Peek Into Our Playroom", lead: "Climbing trees, sunny perches and plenty of toys — see where our guests spend their days." },
  help: { heading: "Help & Support", lead: "Questions before a stay? We are happy to help." },
  voucher: {
    title: "Claim Your Free Night",
    description: "New customers stay their first night free on a stay of 3 nights or more. Leave your details and we will send your voucher.",
    consent: "I agree to receive promotional emails from the Laguna Niguel Cat Hotel.",
    success: "Your free night voucher is on its way!",
    successDescription: "Check your inbox: we've e-mailed your voucher code.",
    savedNotMailed: "We have your request",
    savedNotMailedDescription: "We could not e-mail your voucher just now; our team will send it to you shortly.",
  },
} as const;

/** The box's frame; which vaccines are required or recommended is the published vaccine policy (ADR 0121). */
export const vaccinationRequirements = {
  title: "Vaccination Requirements",
  note: "Please bring your veterinarian's records or have them e-mailed to us before check-in.",
} as const;
