import { business } from "./business";

export interface GalleryPhoto {
  src: string;
  alt: string;
  width: number;
  height: number;
}

const photos = (kind: string, alts: readonly string[]): GalleryPhoto[] =>
  alts.map((alt, i) => ({ src: `/images/gallery/${kind}-${i + 1}.svg`, alt, width: 600, height: 450 }));

/** Copy of the Laguna Niguel landing page. Business facts come from `business`. */
/** The published facts some answers quote (the owners edit them in Content; see `faqAnswers`). */
interface FaqFacts {
  address: { street: string; city: string; region: string; postalCode: string };
  hours: readonly { days: string; time: string }[];
  lunch: string;
  phoneSupport: string;
}

export const landingCopy = {
  title: `Cat Boarding & Grooming in Laguna Niguel, CA | ${business.name}`,
  description: `Cat-only boarding and grooming in Laguna Niguel, CA: ${business.history.yearsServing} of long-term cat boarding, gentle grooming, adoption help and 24/7 supervised care. First night free for new customers.`,
  breadcrumb: "Laguna Niguel, CA",
  topBar: { scheduleLabel: "Schedule An Appointment", callLabel: "Call" },
  hero: {
    eyebrow: "Laguna Niguel, CA",
    title: "Cat Boarding & Grooming in Laguna Niguel",
    tagline: `Over 30 years of long-term cat boarding and grooming`,
    lead: "A quiet, cat-only hotel minutes from Crown Valley Parkway: private rooms, gentle groomers and caretakers who know every guest by name.",
    image: { src: "/images/hero-cat.svg", width: 640, height: 560, alt: "Illustration of a relaxed ginger cat on a cushion in a sunny hotel room" },
    primaryCta: "Schedule An Appointment",
    secondaryCta: "Call Us",
  },
  galleries: [
    {
      id: "grooming-gallery",
      heading: "Grooming Gallery",
      lead: "Calm, cat-only grooming: brushing, baths, de-shedding and nail trims at your cat's pace.",
      photos: photos("grooming", [
        "A ginger cat relaxing on the grooming table",
        "A grey cat after a gentle brushing",
        "A black cat during a calm groom",
        "A white cat fresh from the bath",
        "A brown tabby being brushed",
        "A cream cat with a neat trim",
        "A blue-grey cat on the grooming table",
        "An orange cat after a de-shedding treatment",
      ]),
    },
    {
      id: "boarding-gallery",
      heading: "Boarding Gallery",
      lead: "Private rooms with window perches, climbing shelves and cozy beds — never shared with dogs.",
      photos: photos("boarding", [
        "A ginger cat napping in a private room",
        "A grey cat on the window perch",
        "A black cat curled up on a cushion",
        "A white cat on the climbing shelves",
        "A brown tabby settling into its room",
        "A cream cat dozing in the sun",
        "A blue-grey cat in a multi-cat suite",
        "An orange cat waiting for breakfast",
      ]),
    },
    {
      id: "adoption-gallery",
      heading: "Adoption Gallery",
      lead: "We help community cats find loving Orange County homes. Meet some of the cats who found theirs.",
      photos: photos("adoption", [
        "A ginger kitten waiting for a family",
        "A grey cat looking for a home",
        "A black cat ready for adoption",
        "A white cat at an adoption day",
        "A brown tabby meeting visitors",
        "A cream cat hoping to be adopted",
        "A blue-grey cat with an adoption tag",
        "An orange cat on adoption day",
      ]),
    },
  ],
  location: {
    heading: "Serving Laguna Niguel And South Orange County",
    lead: "Easy drop-off and pick-up for families in Laguna Niguel, Mission Viejo, Aliso Viejo, Dana Point and beyond.",
    points: [
      "A few minutes from the 5 and the 73",
      "Free parking right by the front door",
      "Drop-off and pick-up during opening hours, lunch break 12pm – 1pm",
    ],
  },
  promo: {
    eyebrow: "New customers",
    heading: business.tagline,
    text: "Book a stay of 3 nights or more and your first night is on us. Leave your details and we will send your voucher.",
    cta: "Claim Your Free Night",
  },
  steps: {
    heading: "Book In 3 Easy Steps",
    lead: "From first call to a happy cat at home.",
    items: [
      { title: "Choose your service", text: "Boarding, grooming or both — pick what your cat needs and the dates that suit you." },
      { title: "Schedule your visit", text: "Book online in a minute, or call us and we will find a time together." },
      { title: "Drop off and relax", text: "Bring proof of current FVRCP vaccination and your cat's food; we take care of the rest." },
    ],
    cta: "Schedule An Appointment",
  },
  faq: {
    heading: "Laguna Niguel Cat Boarding FAQ",
    items: [
      {
        question: "Where in Laguna Niguel are you located?",
        answer: ({ address }: FaqFacts) =>
          `We are at ${address.street}, ${address.city}, ${address.region} ${address.postalCode}, with free parking at the door.`,
      },
      {
        question: "Do you board cats only?",
        answer: "Yes. We are a cat-only hotel: no dogs, no barking, just quiet rooms designed around how cats like to live.",
      },
      {
        question: "Which vaccinations does my cat need?",
        answer: "Proof of current FVRCP vaccination is required for every stay and groom. Rabies vaccination is recommended.",
      },
      {
        question: "Can you give my cat medication?",
        answer: "Yes. Our caretakers give oral medication, insulin injections and special diets as your veterinarian prescribes, at no surprise cost.",
      },
      {
        question: "How long can my cat stay?",
        answer: `As long as you need. Long-term boarding is our speciality — we have looked after Laguna Niguel cats for ${business.history.yearsServing}, for stays of a night to several months.`,
      },
      {
        question: "How does the first free night work?",
        answer: "New customers get their first night free on a stay of 3 nights or more. We suggest trying a 3-night stay so your cat can settle in.",
      },
      {
        question: "What are your opening hours?",
        answer: ({ hours, lunch, phoneSupport }: FaqFacts) =>
          `${hours.map((h) => `${h.days} ${h.time}`).join(", ")} (lunch break ${lunch}). Phone support ${phoneSupport}; we answer e-mail ${business.emailResponse}.`,
      },
    ],
  },
} as const;

/** Copy of the variant home page with the embedded appointment scheduler. */
export const bookOnlineCopy = {
  title: `Book Cat Boarding & Grooming Online | ${business.name}`,
  description: `Book a cat room or a groom online at the ${business.name}: first night free for new customers, cat-only boarding and grooming in Laguna Niguel, CA.`,
  heading: "Book Your Cat's Stay Or Groom Online",
  lead: "Pick a service and a time that suits you — it takes about a minute.",
  schedulerTitle: "Appointment scheduler",
  fallback: {
    heading: "Book your appointment",
    text: "Online scheduling is not available right now. Book a cat room or a groom on our booking pages, or call us and we will find a time together.",
    room: "Book a Cat Room",
    groom: "Book a Groom",
    call: "Call",
  },
  promo: {
    text: `${business.tagline} — try a 3-night stay.`,
    cta: "Claim Your Free Night",
  },
} as const;

/** Copy of the backup of the earlier home page. */
export const backupHomeCopy = {
  title: `Home (backup of 27.05.25) | ${business.name}`,
  description: `Backup copy of the ${business.name} home page as it was on 27.05.25.`,
  breadcrumb: "Home Backup (27.05.25)",
} as const;

/** The FAQ with each answer written out from the published facts. */
export function faqAnswers(facts: FaqFacts): { question: string; answer: string }[] {
  return landingCopy.faq.items.map(({ question, answer }) => ({ question, answer: typeof answer === "function" ? answer(facts) : answer }));
}
