import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/lib/form-state";
import { businessContentSchema, reviewsContentSchema, styleContentSchema, teamContentSchema, textStyleSchema } from "./schema";
import { telFromDisplay } from "~/lib/phone";
import { defaultEditableContent } from "./site-content";

const ok = { fontSize: 32, letterSpacing: 0, align: "left", fontWeight: 700 };
const message = (input: unknown) => {
  const result = textStyleSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("the style editor's bounds", () => {
  it("accepts the bounds themselves and steps of 0.1", () => {
    for (const style of [
      ok,
      { ...ok, fontSize: 10, letterSpacing: -2, fontWeight: 300 },
      { ...ok, fontSize: 72, letterSpacing: 10, fontWeight: 900 },
      { ...ok, letterSpacing: 0.3 },
      { ...ok, letterSpacing: -1.7 },
    ]) {
      expect(message(style)).toBeNull();
    }
    expect(styleContentSchema.safeParse({ headings: null, promo: null }).success).toBe(true);
  });

  it("refuses values outside them with messages that name the bounds", () => {
    expect(message({ ...ok, fontSize: 9.9 })).toBe("Font size must be between 10 and 72");
    expect(message({ ...ok, fontSize: 100 })).toBe("Font size must be between 10 and 72");
    expect(message({ ...ok, letterSpacing: -3 })).toBe("Letter spacing must be between -2 and 10");
    expect(message({ ...ok, letterSpacing: 0.05 })).toBe("Letter spacing must be in steps of 0.1");
    expect(message({ ...ok, fontWeight: 950 })).toBe("Font weight must be between 300 and 900");
    expect(message({ ...ok, fontWeight: 450 })).toBe("Font weight must be a multiple of 100");
    expect(message({ ...ok, align: "justify" })).toBe("Alignment must be left, center or right");
    expect(message({ ...ok, fontSize: Number.NaN })).toBe("Font size must be a number");
  });
});

describe("the business profile", () => {
  it("accepts the module's defaults and derives the dialled number", () => {
    expect(businessContentSchema.safeParse(defaultEditableContent.business).success).toBe(true);
    expect(telFromDisplay("(949) 555-0199")).toBe("+19495550199");
    expect(telFromDisplay("1-949-555-0199")).toBe("+19495550199");
  });

  it("refuses a short phone number and a non-web booking link", () => {
    const bad = businessContentSchema.safeParse({
      ...defaultEditableContent.business,
      phone: "555-0100",
      booking: {
        roomUrl: "javascript:alert(1)",
        groomUrl: "https://x.example",
      },
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      "Main phone must be a 10-digit US phone number",
      "Room booking URL must be a full web address starting with https://",
    ]);
  });
});

describe("the reviews", () => {
  const reviews = defaultEditableContent.reviews;
  const errorsOf = (value: unknown) => {
    const result = reviewsContentSchema.safeParse(value);
    return result.success ? {} : fieldErrors(result.error);
  };

  it("accepts the 50 samples, hidden ones, a new order, and an added review with an uploaded image", () => {
    expect(reviews).toHaveLength(50);
    expect(errorsOf(reviews)).toEqual({});
    const added = { ...reviews[0]!, id: "new-k3x9q2", imageId: "6f1c1a52-6a0e-4d5e-9a43-3f2b8c6d0e11" };
    expect(errorsOf([added, ...[...reviews].reverse().map((r, i) => ({ ...r, hidden: i % 2 === 0 }))])).toEqual({});
  });

  it("puts each message under the field it is about, so the form can show it there", () => {
    const value = [
      { ...reviews[0]!, author: "", rating: 0 },
      { ...reviews[1]!, id: "new-1", author: "Sam", imageId: null },
      { ...reviews[2]!, id: reviews[0]!.id },
    ];
    expect(errorsOf(value)).toEqual({
      "0.author": "Author is required",
      "0.rating": "Rating must be 1 to 5 stars",
      "1.imageId": "Upload an image for the review by Sam",
      "2.id": `Each review needs its own id ("${reviews[0]!.id}" is used twice)`,
    });
    expect(errorsOf(reviews.map((r) => ({ ...r, hidden: true })))).toEqual({ _: "Keep at least one review visible" });
    expect(errorsOf([{ ...reviews[0]!, imageId: "https://evil.example/x.png" }])).toEqual({
      "0.imageId": "The image reference is not valid; upload the image again",
    });
  });
});

describe("the team", () => {
  it("accepts the samples and refuses an added member without a photo, by the member's name", () => {
    const team = defaultEditableContent.team;
    expect(teamContentSchema.safeParse(team).success).toBe(true);
    const result = teamContentSchema.safeParse([...team, { id: "new-ana", name: "Ana Ruiz", role: "Groomer", imageId: null }]);
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({ "3.imageId": "Upload a photo of Ana Ruiz" });
    expect(teamContentSchema.safeParse(Array.from({ length: 13 }, (_, i) => ({ ...team[0]!, id: `m${i}` }))).error?.issues[0]?.message).toBe(
      "At most 12 team members",
    );
  });
});

describe("the playroom video", () => {
  const parse = (playroomVideo: unknown) => businessContentSchema.safeParse({ ...defaultEditableContent.business, playroomVideo });

  it("stores the id of a pasted link, keeps an id, and allows none", () => {
    for (const input of [
      "a1B2c3D4e5F",
      " https://www.youtube.com/watch?v=a1B2c3D4e5F&t=42s ",
      "https://youtu.be/a1B2c3D4e5F?si=share",
      "youtube.com/watch?v=a1B2c3D4e5F",
      "https://m.youtube.com/watch?feature=share&v=a1B2c3D4e5F",
      "https://www.youtube-nocookie.com/embed/a1B2c3D4e5F?autoplay=0",
      "https://www.youtube.com/shorts/a1B2c3D4e5F",
    ]) {
      expect(parse(input).data?.playroomVideo, input).toBe("a1B2c3D4e5F");
    }
    expect(parse("").data?.playroomVideo).toBe("");
    expect(parse("   ").data?.playroomVideo).toBe("");
  });

  it("means no video in a business profile stored before the field existed", () => {
    const { playroomVideo: _, ...stored } = defaultEditableContent.business;
    expect(businessContentSchema.parse(stored).playroomVideo).toBe("");
  });

  it("refuses what is not a YouTube video, saying what to paste", () => {
    for (const input of [
      "https://vimeo.com/123456789",
      "https://www.youtube.com/watch?v=short",
      "https://www.youtube.com/@lagunacathotel",
      "a1B2c3D4e5F6",
      "<script>",
    ]) {
      expect(
        parse(input).error?.issues.map((i) => i.message),
        input,
      ).toEqual(["Playroom video must be a YouTube link or an 11-character video id"]);
    }
  });
});
