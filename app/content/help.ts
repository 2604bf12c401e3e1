export interface FaqItem {
  question: string;
  answer: string;
}

export const faq: readonly FaqItem[] = [
  {
    question: "What do I need to bring for my cat's stay?",
    answer: "Proof of current FVRCP vaccination, your cat's usual food and any medication. Familiar bedding or a toy is welcome.",
  },
  {
    question: "Can I visit or get updates during the stay?",
    answer: "Yes. We send photo updates on request and you can call our phone support line any day.",
  },
  {
    question: "How does the first free night work?",
    answer:
      "New customers get their first night free on a stay of 3 nights or more: the first night's room is taken off the price when they book. We suggest trying a 3-night stay.",
  },
  {
    question: "Do you groom cats that are nervous?",
    answer: "Our groomers handle only cats, work slowly and take breaks whenever your cat needs one.",
  },
];
