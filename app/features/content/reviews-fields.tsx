import { useEffect, useRef, useState } from "react";
import { hasReviewCard } from "~/content/reviews";
import { Button } from "~/components/ui/button";
import { FieldError, Label } from "~/components/ui/input";
import { formatBusinessMonth } from "~/lib/business-time";
import { cn } from "~/lib/cn";
import { newItemId, setAtPath } from "~/lib/form-state";
import { ImageUpload } from "./image-upload";
import { MoveAnnouncement, MoveButtons, useListMover } from "./ordered-list";
import { MAX_REVIEWS, type ReviewContent, type ReviewsContent } from "./schema";
import { type FieldsProps, TextField } from "./section-fields";
import { siteReview } from "./site-content";

const reviewName = (review: ReviewContent, index: number) => `review ${index + 1} by ${review.author.trim() || "a new reviewer"}`;

const thisMonth = () => formatBusinessMonth(new Date());

/** The indexes of the reviews that have a message from the form's check: those open by themselves. */
const indexesWithErrors = (errors: FieldsProps<unknown>["errors"]) =>
  new Set(
    Object.keys(errors)
      .map((path) => Number(path.split(".")[0]))
      .filter(Number.isInteger),
  );

/**
 * The carousel's reviews in order: each row can be hidden, moved, and opened to edit its words
 * and replace its image. Added reviews come first and need an uploaded image.
 */
export function ReviewsFields({ value, onChange, errors }: FieldsProps<ReviewsContent>) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const { move, announcement } = useListMover(value, onChange, (r) => `The review by ${r.author.trim() || "a new reviewer"}`);
  const focusAuthorOf = useRef<string | null>(null);
  const withErrors = indexesWithErrors(errors);
  const visibleCount = value.filter((r) => !r.hidden).length;

  useEffect(() => {
    if (!focusAuthorOf.current) return;
    document.getElementById(`review-${focusAuthorOf.current}-fields`)?.querySelector("input")?.focus();
    focusAuthorOf.current = null;
  }, [value]);

  const toggle = (id: string) => setOpen((current) => (current.has(id) ? new Set([...current].filter((x) => x !== id)) : new Set([...current, id])));
  const add = () => {
    const review: ReviewContent = { id: newItemId(), author: "", location: "", rating: 5, date: thisMonth(), text: "", hidden: false, imageId: null };
    focusAuthorOf.current = review.id;
    setOpen((current) => new Set([...current, review.id]));
    onChange([review, ...value]);
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <p className="text-muted">
        {visibleCount} of {value.length} reviews show in the home page carousel, in this order. Each card is an image of the review; its words below are what
        screen readers hear and what the star average counts. After changing a sample review&apos;s words, upload a new image of it too.
      </p>
      <FieldError id="field-reviews-error">{errors._}</FieldError>
      {value.length < MAX_REVIEWS && (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={add}>
            Add a review
          </Button>
        </div>
      )}
      <MoveAnnouncement text={announcement} />
      <ol className="grid grid-cols-1 gap-3" aria-label="Reviews in carousel order">
        {value.map((review, index) => {
          const name = reviewName(review, index);
          const image = siteReview(review).image;
          const isOpen = open.has(review.id) || withErrors.has(index);
          const fieldsId = `review-${review.id}-fields`;
          return (
            <li key={review.id} className={cn("min-w-0 rounded-2xl border border-brand-100 p-3 sm:p-4", review.hidden && "bg-brand-50/60")}>
              <div className="flex flex-wrap items-center gap-3">
                <img
                  src={image.src}
                  width={image.width}
                  height={image.height}
                  alt=""
                  loading="lazy"
                  className={cn("h-14 w-21 shrink-0 rounded-lg object-contain shadow-sm", review.hidden && "opacity-50")}
                />
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-bold text-brand-900">
                    {index + 1}. {review.author.trim() || "New review"}
                    <span className="font-normal text-muted">
                      {" "}
                      · {review.rating} {review.rating === 1 ? "star" : "stars"}
                    </span>
                    {review.hidden && <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">Hidden</span>}
                  </p>
                  <p className="truncate text-sm text-muted">{review.text || "No text yet"}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <label className="flex h-9 items-center gap-2 px-1 text-sm font-semibold">
                    <input
                      type="checkbox"
                      className="h-5 w-5 accent-brand-700"
                      checked={review.hidden}
                      onChange={(e) => onChange(setAtPath(value, `${index}.hidden`, e.target.checked))}
                    />
                    Hide<span className="sr-only"> {name}</span>
                  </label>
                  <MoveButtons itemId={review.id} index={index} count={value.length} name={name} onMove={(delta) => move(index, delta)} />
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    aria-label={`${isOpen ? "Close" : "Edit"} ${name}`}
                    aria-expanded={isOpen}
                    aria-controls={fieldsId}
                    onClick={() => toggle(review.id)}
                  >
                    {isOpen ? "Close" : "Edit"}
                  </Button>
                </div>
              </div>
              <div id={fieldsId} hidden={!isOpen}>
                {isOpen && <ReviewEditor review={review} index={index} name={name} value={value} onChange={onChange} errors={errors} image={image} />}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function ReviewEditor({
  review,
  index,
  name,
  image,
  value,
  onChange,
  errors,
}: FieldsProps<ReviewsContent> & { review: ReviewContent; index: number; name: string; image: ReturnType<typeof siteReview>["image"] }) {
  const field = { value, onChange, errors };
  const ratingId = `field-${index}-rating`;
  const added = !hasReviewCard(review.id);
  return (
    <fieldset className="mt-4 grid min-w-0 grid-cols-1 gap-4 border-t border-brand-50 pt-4 sm:grid-cols-2">
      <legend className="sr-only">Edit {name}</legend>
      <TextField {...field} path={`${index}.author`} label="Author" />
      <TextField {...field} path={`${index}.location`} label="Location" />
      <div>
        <Label htmlFor={ratingId}>Rating</Label>
        <select
          id={ratingId}
          value={review.rating}
          onChange={(e) => onChange(setAtPath(value, `${index}.rating`, Number(e.target.value)))}
          className="h-11 w-full rounded-xl border border-brand-200 bg-white px-3"
        >
          {[5, 4, 3, 2, 1].map((stars) => (
            <option key={stars} value={stars}>
              {stars} {stars === 1 ? "star" : "stars"}
            </option>
          ))}
        </select>
        <FieldError id={`${ratingId}-error`}>{errors[`${index}.rating`]}</FieldError>
      </div>
      <TextField {...field} path={`${index}.date`} label="Date (e.g. March 2025)" />
      <TextField {...field} path={`${index}.text`} label="Review text" multiline className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <ImageUpload
          id={`review-${review.id}-image`}
          label={review.imageId || added ? "Image of the review" : "Replace the drawn card with an image"}
          purpose="review"
          current={image}
          error={errors[`${index}.imageId`]}
          onUploaded={(imageId) => onChange(setAtPath(value, `${index}.imageId`, imageId))}
        />
        {review.imageId && !added && (
          <Button type="button" variant="ghost" size="sm" className="mt-2" onClick={() => onChange(setAtPath(value, `${index}.imageId`, null))}>
            Use the drawn card again
          </Button>
        )}
      </div>
      {added && (
        <div className="sm:col-span-2">
          <Button type="button" variant="ghost" size="sm" className="text-red-700" onClick={() => onChange(value.filter((r) => r.id !== review.id))}>
            Remove this review
          </Button>
        </div>
      )}
    </fieldset>
  );
}
