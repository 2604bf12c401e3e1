import { describe, expect, it } from "vitest";
import { type EditableContent, contentSchemas } from "~/features/content/schema";
import { defaultEditableContent } from "~/features/content/site-content";
import { launchReadiness } from "./launch-readiness";

const UPLOAD = "6f1c1a52-6a0e-4d5e-9a43-3f2b8c6d0e11";

/** Content with every placeholder replaced the way an owner would, through the same schema the editor uses. */
const launched: EditableContent = {
  ...defaultEditableContent,
  business: contentSchemas.business.parse({
    ...defaultEditableContent.business,
    phone: "(949) 831-2270",
    groomingPhone: "1-949-831-2271",
    email: "stay@lagunacathotel.com",
    address: { ...defaultEditableContent.business.address, street: "27331 La Paz Rd, Suite 4" },
    taxId: "Tax ID 33-1234567",
    booking: { online: true, roomUrl: "https://book.lagunacathotel.com/rooms", groomUrl: "https://book.lagunacathotel.com/grooming" },
    social: [
      { name: "Facebook", url: "https://www.facebook.com/lagunacathotel" },
      { name: "Yelp", url: "https://www.yelp.com/biz/laguna-niguel-cat-hotel" },
    ],
    playroomVideo: "https://youtu.be/a1B2c3D4e5F",
    reviewPageUrl: "https://g.page/r/laguna-niguel-cat-hotel/review",
  }),
  reviews: defaultEditableContent.reviews.map((r, i) => (i < 2 ? { ...r, imageId: UPLOAD } : { ...r, hidden: true })),
  team: defaultEditableContent.team.map((m) => ({ ...m, imageId: UPLOAD })),
};

describe("launch readiness", () => {
  it("asks for a real room booking link only when stays are booked elsewhere", () => {
    const elsewhere = { ...launched, business: { ...launched.business, booking: { ...defaultEditableContent.business.booking, online: false } } };
    expect(launchReadiness(elsewhere).map((i) => i.key)).toEqual(["roomUrl", "groomUrl"]);
  });

  it("lists every placeholder of the default content, each linking to the field that replaces it", () => {
    expect(launchReadiness(defaultEditableContent)).toEqual([
      {
        key: "address",
        label: "Street address is a placeholder",
        shown: "28000 Placeholder Pkwy, Suite 100",
        href: "/admin/content?section=business#field-address-street",
      },
      { key: "phone", label: "Main phone is a fictional 555 number", shown: "(949) 555-0100", href: "/admin/content?section=business#field-phone" },
      {
        key: "groomingPhone",
        label: "Grooming phone is a fictional 555 number",
        shown: "(949) 555-0101",
        href: "/admin/content?section=business#field-groomingPhone",
      },
      { key: "email", label: "E-mail is on an example domain", shown: "hello@example.com", href: "/admin/content?section=business#field-email" },
      { key: "taxId", label: "Tax ID is the placeholder", shown: "XX-XXXXXXX", href: "/admin/content?section=business#field-taxId" },
      {
        key: "social-0",
        label: "Facebook link opens no page of the hotel",
        shown: "https://www.facebook.com/",
        href: "/admin/content?section=business#field-social-0-url",
      },
      {
        key: "social-1",
        label: "Instagram link opens no page of the hotel",
        shown: "https://www.instagram.com/",
        href: "/admin/content?section=business#field-social-1-url",
      },
      {
        key: "social-2",
        label: "Yelp link opens no page of the hotel",
        shown: "https://www.yelp.com/",
        href: "/admin/content?section=business#field-social-2-url",
      },
      {
        key: "social-3",
        label: "YouTube link opens no page of the hotel",
        shown: "https://www.youtube.com/",
        href: "/admin/content?section=business#field-social-3-url",
      },
      {
        key: "groomUrl",
        label: "Grooming booking link goes to an example site",
        shown: "https://booking.example.com/laguna-niguel-cat-hotel/grooming",
        href: "/admin/content?section=business#field-booking-groomUrl",
      },
      {
        key: "video",
        label: "No playroom video",
        shown: "The video section shows only its picture",
        href: "/admin/content?section=business#field-playroomVideo",
      },
      {
        key: "reviewPage",
        label: "No review page address",
        shown: "No thank-you e-mail asks for a review after a stay",
        href: "/admin/content?section=business#field-reviewPageUrl",
      },
      {
        key: "reviews",
        label: "50 of 50 reviews shown are samples",
        shown: 'Their cards say "SAMPLE REVIEW": upload the real review\'s image, or hide it',
        href: "/admin/content?section=reviews",
      },
      {
        key: "team",
        label: "3 team members have a drawn sample portrait",
        shown: "Maria Lopez, James Carter, Priya Shah",
        href: "/admin/content?section=team",
      },
    ]);
  });

  it("is empty once every placeholder is replaced", () => {
    expect(launchReadiness(launched)).toEqual([]);
  });

  it("shrinks item by item as placeholders are replaced", () => {
    const keys = (content: EditableContent) => launchReadiness(content).map((i) => i.key);
    expect(keys({ ...launched, business: { ...launched.business, phone: "(949) 555-0199", email: "owner@mail.example" } })).toEqual(["phone", "email"]);
    expect(keys({ ...launched, business: { ...launched.business, taxId: "EIN xx-xxxxxxx", playroomVideo: "" } })).toEqual(["taxId", "video"]);
    expect(keys({ ...launched, business: { ...launched.business, reviewPageUrl: "" } })).toEqual(["reviewPage"]);
    expect(
      keys({
        ...launched,
        business: {
          ...launched.business,
          social: [
            { name: "Instagram", url: "https://instagram.com" },
            { name: "Facebook", url: "https://www.facebook.com/lagunacathotel" },
            { name: "Site", url: "https://cats.test/" },
          ],
          booking: { ...launched.business.booking, groomUrl: "https://www.example.org/groom" },
        },
      }),
    ).toEqual(["social-0", "social-2", "groomUrl"]);
  });

  it("counts only the sample reviews visitors see, and the team members without a photo", () => {
    const reviews = launched.reviews.map((r, i) => (i === 0 ? { ...r, imageId: null } : i === 5 ? { ...r, hidden: false } : r));
    const team = launched.team.map((m, i) => (i === 1 ? { ...m, imageId: null } : m));
    expect(launchReadiness({ ...launched, reviews, team }).map(({ key, label, shown }) => ({ key, label, shown }))).toEqual([
      { key: "reviews", label: "2 of 3 reviews shown are samples", shown: 'Their cards say "SAMPLE REVIEW": upload the real review\'s image, or hide it' },
      { key: "team", label: "1 team member has a drawn sample portrait", shown: "James Carter" },
    ]);
  });
});
