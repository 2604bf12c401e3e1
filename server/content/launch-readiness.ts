import { fieldId } from "~/lib/form-state";
import type { ContentKey, EditableContent } from "~/features/content/schema";

/** One placeholder the public pages still show. */
export interface ReadinessItem {
  /** Stable key (tests, React). */
  key: string;
  /** What is still a placeholder, in the owner's words. */
  label: string;
  /** What visitors see there now. */
  shown: string;
  /** Where it is edited in Content: the section, and the field when there is one. */
  href: string;
}

const editAt = (section: ContentKey, path?: string) => `/admin/content?section=${section}${path === undefined ? "" : `#${fieldId(path)}`}`;

/** Names reserved for examples and tests (RFC 2606): nobody can own them, so a link or address there is a placeholder. */
function isReservedHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  const tld = name.split(".").at(-1)!;
  return ["example", "test", "invalid", "localhost"].includes(tld) || /(^|\.)example\.(com|net|org)$/.test(name);
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
};

/** 555-01XX numbers are reserved for fiction, and the rest of the 555 exchange reaches no business either. */
function isFictionalPhone(display: string): boolean {
  const digits = display.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  return digits.slice(3, 6) === "555";
}

/** A network's home page ("https://www.facebook.com/") rather than the business's page on it. */
function isBareLink(url: string): boolean {
  try {
    const parsed = new URL(url);
    return isReservedHost(parsed.hostname) || (parsed.pathname.replace(/\/+$/, "") === "" && parsed.search === "" && parsed.hash === "");
  } catch {
    return true;
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Every placeholder of the default content that the public pages still show, computed from the
 * published content: the dashboard lists them until the owners have replaced each one. Empty
 * means ready for launch.
 */
export function launchReadiness(content: EditableContent): ReadinessItem[] {
  const { business, reviews, team } = content;
  const items: ReadinessItem[] = [];
  const add = (key: string, label: string, shown: string, href: string) => items.push({ key, label, shown, href });

  if (/placeholder/i.test(business.address.street))
    add("address", "Street address is a placeholder", business.address.street, editAt("business", "address.street"));
  if (isFictionalPhone(business.phone)) add("phone", "Main phone is a fictional 555 number", business.phone, editAt("business", "phone"));
  if (isFictionalPhone(business.groomingPhone))
    add("groomingPhone", "Grooming phone is a fictional 555 number", business.groomingPhone, editAt("business", "groomingPhone"));
  if (isReservedHost(business.email.split("@").at(-1) ?? "")) add("email", "E-mail is on an example domain", business.email, editAt("business", "email"));
  if (/X{2}-X{7}/i.test(business.taxId)) add("taxId", "Tax ID is the placeholder", business.taxId, editAt("business", "taxId"));
  business.social.forEach((link, index) => {
    if (isBareLink(link.url)) add(`social-${index}`, `${link.name} link opens no page of the hotel`, link.url, editAt("business", `social.${index}.url`));
  });
  if (!business.booking.online && isReservedHost(hostOf(business.booking.roomUrl)))
    add("roomUrl", "Room booking link goes to an example site", business.booking.roomUrl, editAt("business", "booking.roomUrl"));
  if (isReservedHost(hostOf(business.booking.groomUrl)))
    add("groomUrl", "Grooming booking link goes to an example site", business.booking.groomUrl, editAt("business", "booking.groomUrl"));
  if (business.playroomVideo === "") add("video", "No playroom video", "The video section shows only its picture", editAt("business", "playroomVideo"));
  if (business.reviewPageUrl === "")
    add("reviewPage", "No review page address", "No thank-you e-mail asks for a review after a stay", editAt("business", "reviewPageUrl"));

  // A visible review without an uploaded image shows its drawn sample card, which says "SAMPLE REVIEW".
  const shownReviews = reviews.filter((r) => !r.hidden);
  const sampleReviews = shownReviews.filter((r) => r.imageId === null);
  if (sampleReviews.length > 0)
    add(
      "reviews",
      `${sampleReviews.length} of ${plural(shownReviews.length, "review", "reviews")} shown are samples`,
      'Their cards say "SAMPLE REVIEW": upload the real review\'s image, or hide it',
      editAt("reviews"),
    );
  // A team member without an uploaded photo is one of the samples, with a drawn portrait.
  const sampleMembers = team.filter((m) => m.imageId === null);
  if (sampleMembers.length > 0)
    add(
      "team",
      `${plural(sampleMembers.length, "team member has", "team members have")} a drawn sample portrait`,
      sampleMembers.map((m) => m.name).join(", "),
      editAt("team"),
    );
  return items;
}
