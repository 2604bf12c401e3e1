export const donation = {
  heading: "DONATE NOW TO PROTECT CATS IN OUR COMMUNITY",
  intro: "Alongside the hotel we support community cat education and adoption. Every gift helps a cat find — and keep — a safe, loving home.",
  programmes: [
    {
      title: "Safe & Educational Environments",
      description: "Clean, calm spaces where families meet adoptable cats and learn what a cat needs to thrive.",
      icon: "home",
    },
    {
      title: "Educational Workshops & Resources",
      description: "Free workshops and take-home guides on nutrition, litter habits, enrichment and vet care.",
      icon: "book",
    },
    {
      title: "Animal Welfare Education",
      description: "School and community talks on responsible ownership, spay/neuter and kindness to animals.",
      icon: "heart",
    },
    {
      title: "Humane Handling Training",
      description: "Low-stress handling training for volunteers, fosters and shelter staff.",
      icon: "hand",
    },
  ],
  adoptionEducation: {
    title: "Adoption Education",
    points: [
      "Choosing the right cat for your home and lifestyle",
      "Preparing your home before your new cat arrives",
      "The first weeks: settling in, feeding and litter training",
      "Routine veterinary care, vaccination and spay/neuter",
      "Understanding cat behavior and building trust",
    ],
  },
  impact: {
    title: "Our Impact",
    stats: [
      { value: "24", label: "Workshops" },
      { value: "120+", label: "Families Educated" },
      { value: "85", label: "Successful Adoptions" },
    ],
  },
  /** Display only: the amount is chosen on the payment page, not here. */
  tiers: [
    { amount: "$25", impact: "educates one family about adoption" },
    { amount: "$50", impact: "supports a workshop for 5 families" },
    { amount: "$100", impact: "helps 2 special needs cats find homes" },
    { amount: "$200+", impact: "funds a full adoption education programme" },
  ],
  taxNote: "Donations are tax-deductible under Section 501(c)(3) of the Internal Revenue Code.",
  messages: {
    success: "Thank you for your donation! You will be redirected to our secure payment page.",
    successDescription: "Your contribution helps support our cat education and adoption programs.",
    demo: "This is a demo version. In production, you would be redirected to Stripe.",
    failure: "Something went wrong with processing your donation. Please try again.",
  },
  timings: { processingMs: 2000, successToastMs: 5000, demoDelayMs: 2000, demoToastMs: 3000 },
} as const;
