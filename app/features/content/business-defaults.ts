import { business } from "~/content/business";
import type { BusinessContent } from "./schema";

/** The business profile as the Content editor edits it, from the content module: what "Revert to original texts" restores. */
export const defaultEditableBusiness: BusinessContent = {
  phone: business.phone.display,
  groomingPhone: business.groomingPhone.display,
  email: business.email,
  address: {
    street: business.address.street,
    city: business.address.city,
    region: business.address.region,
    postalCode: business.address.postalCode,
  },
  hours: business.hours.map((h) => ({ ...h })),
  lunch: business.lunch,
  phoneSupport: business.phoneSupport,
  booking: { ...business.booking },
  social: business.social.map((s) => ({ ...s })),
  taxId: business.taxId,
  playroomVideo: business.video.youtubeId,
  // None until the owners set it: no review requests are sent without it (ADR 0167).
  reviewPageUrl: "",
};
