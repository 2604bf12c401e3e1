import { agreement as defaultAgreement } from "~/content/agreement";
import { type Business, business as defaultBusiness } from "~/content/business";
import { homeCopy } from "~/content/copy";
import { type FaqItem, faq as defaultFaq } from "~/content/help";
import { REVIEW_CARD, reviewAlt, reviewCardSrc, reviews as defaultReviews } from "~/content/reviews";
import { type Service, services as defaultServices } from "~/content/services";
import { PORTRAIT, samplePortrait, team as defaultTeam } from "~/content/team";
import { type PageImage, uploadedImage } from "~/domain/images";
import { DEFAULT_VACCINE_POLICY, type VaccinePolicy } from "~/domain/vaccines";
import { telFromDisplay } from "~/lib/phone";
import { defaultEditableBusiness } from "./business-defaults";
// Types only: the public pages import this module, and zod must not reach their JavaScript (ADR 0022).
import type { BusinessContent, EditableContent, PromoContent, ReviewContent, StyleContent, TeamMemberContent } from "./schema";

type EditedBusinessFields = "phone" | "groomingPhone" | "email" | "address" | "hours" | "lunch" | "phoneSupport" | "booking" | "social" | "taxId" | "video";

/** The business profile as the pages use it: the module's facts with the editable fields widened to strings. */
export type SiteBusiness = Omit<Business, EditedBusinessFields> & {
  phone: { display: string; tel: string };
  groomingPhone: { display: string; tel: string };
  email: string;
  address: {
    street: string;
    city: string;
    region: string;
    postalCode: string;
    country: string;
  };
  hours: readonly { days: string; time: string }[];
  lunch: string;
  phoneSupport: string;
  /** `online`: "Book a Cat Room" opens Book a Stay on this site; off, it opens `roomUrl` (an outside system). */
  booking: { online: boolean; roomUrl: string; groomUrl: string };
  social: readonly { name: string; url: string }[];
  taxId: string;
  /** youtubeId "" when there is no video. */
  video: Omit<Business["video"], "youtubeId"> & { youtubeId: string };
  /** Where the thank-you mail after a stay asks for a review; "" for none (ADR 0167). */
  reviewPageUrl: string;
};

/**
 * A review as the carousel shows it: an image of the review, with its words as the alternative
 * text. Nothing else: every visible review travels in the home page's loader data (ADR 0022).
 */
export interface SiteReview {
  id: string;
  rating: number;
  image: PageImage & { alt: string };
}

export interface SiteTeamMember {
  id: string;
  name: string;
  role: string;
  image: PageImage & { alt: string };
}

/** Everything the public pages read from the editable content. */
export interface SiteContent {
  business: SiteBusiness;
  services: readonly Service[];
  faq: readonly FaqItem[];
  promo: PromoContent;
  style: StyleContent;
  /** The visible reviews, in the order the owners chose. */
  reviews: readonly SiteReview[];
  team: readonly SiteTeamMember[];
  /** Which vaccines a stay requires and which are recommended (the booking rule reads the same value). */
  vaccinePolicy: VaccinePolicy;
}

/** The editable values as the content modules define them (what "Revert to defaults" restores). */
export const defaultEditableContent: EditableContent = {
  business: defaultEditableBusiness,
  services: defaultServices.map(({ title, description, longDescription }) => ({
    title,
    description,
    longDescription,
  })),
  faq: defaultFaq.map((f) => ({ ...f })),
  promo: {
    tagline: defaultBusiness.tagline,
    title: homeCopy.hero.title,
    lead: homeCopy.hero.lead,
  },
  style: { headings: null, promo: null },
  reviews: defaultReviews.map((r) => ({ ...r, hidden: false, imageId: null })),
  team: defaultTeam.map(({ id, name, role }) => ({ id, name, role, imageId: null })),
  vaccines: { ...DEFAULT_VACCINE_POLICY },
  // Read on the server by online check-in only (server/stays/agreement.ts), not by the public pages.
  agreement: { ...defaultAgreement },
};

function businessFrom({ playroomVideo, ...edit }: BusinessContent): SiteBusiness {
  return {
    ...defaultBusiness,
    ...edit,
    video: { ...defaultBusiness.video, youtubeId: playroomVideo },
    phone: { display: edit.phone, tel: telFromDisplay(edit.phone) },
    groomingPhone: {
      display: edit.groomingPhone,
      tel: telFromDisplay(edit.groomingPhone),
    },
    address: { ...edit.address, country: defaultBusiness.address.country },
  };
}

/** Lays the edited values over the module's services, matched by title (a service is never added or removed here). */
function servicesFrom(edit: EditableContent["services"]): Service[] {
  return defaultServices.map((service) => {
    const edited = edit.find((e) => e.title === service.title);
    return edited
      ? {
          ...service,
          description: edited.description,
          longDescription: edited.longDescription,
        }
      : service;
  });
}

/** An uploaded image, else the review's drawn card (the schema makes sure one of them exists). */
export function siteReview(review: ReviewContent): SiteReview {
  const image = review.imageId ? uploadedImage(review.imageId, "review") : { src: reviewCardSrc(review.id), ...REVIEW_CARD };
  return { id: review.id, rating: review.rating, image: { ...image, alt: reviewAlt(review) } };
}

export function siteTeamMember({ imageId, ...member }: TeamMemberContent): SiteTeamMember {
  const image = imageId ? uploadedImage(imageId, "team") : { src: samplePortrait(member.id) ?? "", ...PORTRAIT };
  return { ...member, image: { ...image, alt: `Portrait of ${member.name}` } };
}

/** The effective content: the editable values (already validated) laid over the content modules. */
export function buildSiteContent(editable: Partial<EditableContent> = {}): SiteContent {
  const value = { ...defaultEditableContent, ...editable };
  return {
    business: businessFrom(value.business),
    services: servicesFrom(value.services),
    faq: value.faq,
    promo: value.promo,
    style: value.style,
    reviews: value.reviews.filter((r) => !r.hidden).map(siteReview),
    team: value.team.map(siteTeamMember),
    vaccinePolicy: value.vaccines,
  };
}

export const defaultSiteContent: SiteContent = buildSiteContent();
