export type ServiceCategory = "Pet Boarding" | "Pet Grooming" | "Pet Medical Care" | "Pet Care";
export type ServiceType = "PetBoarding" | "PetGrooming" | "PetCare";
export type ServiceIcon = "bed" | "calendar" | "cats" | "scissors" | "bath" | "paw" | "pill" | "clock" | "heart";

export interface Service {
  title: string;
  description: string;
  longDescription: string;
  category: ServiceCategory;
  serviceType: ServiceType;
  icon: ServiceIcon;
}

export const services: readonly Service[] = [
  {
    title: "Cat Boarding",
    description: "Private, quiet rooms for cats only — no barking, no stress.",
    longDescription: "Each guest gets a private room with a cozy bed, a window perch and climbing shelves, cleaned daily and never shared with dogs.",
    category: "Pet Boarding",
    serviceType: "PetBoarding",
    icon: "bed",
  },
  {
    title: "Long-Term Boarding",
    description: "Extended stays for families on long trips or moving house.",
    longDescription: "Weeks or months with us feel like home: the same caretakers every day, photo updates and a routine built around your cat.",
    category: "Pet Boarding",
    serviceType: "PetBoarding",
    icon: "calendar",
  },
  {
    title: "Multi-Cat Rooms",
    description: "Larger suites so siblings can stay together.",
    longDescription: "Bonded cats share a spacious suite with separate feeding stations and hideaways, so everyone is comfortable.",
    category: "Pet Boarding",
    serviceType: "PetBoarding",
    icon: "cats",
  },
  {
    title: "Full Grooming",
    description: "Bath, brush-out, nail trim and ear cleaning by cat specialists.",
    longDescription: "Our groomers work only with cats and take their time: gentle handling, low-noise dryers and breaks whenever your cat needs one.",
    category: "Pet Grooming",
    serviceType: "PetGrooming",
    icon: "scissors",
  },
  {
    title: "Bath & Brush",
    description: "A refreshing bath and a thorough brush-out to reduce shedding.",
    longDescription: "Ideal between full grooms: a mild, fragrance-free bath and a careful brush that removes loose undercoat and mats.",
    category: "Pet Grooming",
    serviceType: "PetGrooming",
    icon: "bath",
  },
  {
    title: "Lion Cuts & Mat Removal",
    description: "Relief for long-haired cats with tangles or matted coats.",
    longDescription: "Safe shaving and dematting with clippers designed for thin cat skin, finished with a tidy, comfortable trim.",
    category: "Pet Grooming",
    serviceType: "PetGrooming",
    icon: "paw",
  },
  {
    title: "Medication Administration",
    description: "Pills, liquids, insulin and special diets given on schedule.",
    longDescription: "Experienced staff give oral and injectable medication exactly as your veterinarian prescribes, and log every dose.",
    category: "Pet Medical Care",
    serviceType: "PetCare",
    icon: "pill",
  },
  {
    title: "24/7 Supervised Care",
    description: "Someone is always here, day and night.",
    longDescription: "Caretakers on site around the clock watch appetite, litter and mood, and call you or your vet at the first sign of trouble.",
    category: "Pet Care",
    serviceType: "PetCare",
    icon: "clock",
  },
  {
    title: "Cat Adoption",
    description: "Meet rescued cats looking for their forever homes.",
    longDescription: "We partner with local rescues and guide new families through choosing, preparing for and welcoming an adopted cat.",
    category: "Pet Care",
    serviceType: "PetCare",
    icon: "heart",
  },
];
