import { useState } from "react";
import type { UploadedImageView } from "@server/media/store";
import { FieldError, Label } from "~/components/ui/input";
import { type ImagePurpose, type PageImage, UPLOAD_LIMITS } from "~/domain/images";
import { ApiError, apiFetch } from "~/lib/api-client";
import { cn } from "~/lib/cn";

const MAX_MB = UPLOAD_LIMITS.maxBytes / (1024 * 1024);
export const UPLOAD_HINT = `JPEG, PNG or WebP, up to ${MAX_MB} MB, at least ${UPLOAD_LIMITS.minSide} × ${UPLOAD_LIMITS.minSide} pixels.`;

/** The same first checks as the server, so a wrong file is refused at once instead of after sending it. */
function refusalOf(file: File): string | null {
  // An unknown type ("") is left to the server, which reads the file's first bytes anyway.
  if (file.type && !(UPLOAD_LIMITS.types as readonly string[]).includes(file.type))
    return "Only JPEG, PNG and WebP images can be uploaded; this file is none of them.";
  if (file.size > UPLOAD_LIMITS.maxBytes) return `The image is larger than ${MAX_MB} MB. Please choose a smaller file.`;
  return null;
}

/**
 * A file field that uploads the chosen image at once (the server checks and resizes it) and hands
 * its id to the form; the edit itself is saved with the section's Save draft / Publish.
 */
export function ImageUpload({
  id,
  label,
  purpose,
  current,
  round = false,
  error,
  onUploaded,
}: {
  id: string;
  label: string;
  purpose: ImagePurpose;
  /** What the page shows now (the thumbnail). */
  current: PageImage;
  round?: boolean;
  /** A message from the form's check (e.g. "Upload an image for …"). */
  error?: string;
  onUploaded: (imageId: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState("");
  const [uploadError, setUploadError] = useState<string | null>(null);
  // The form's "Upload an image …" message is answered by a successful upload, until the next check.
  const [uploadedFor, setUploadedFor] = useState<string | undefined>(undefined);

  async function upload(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    setStatus("");
    const refusal = refusalOf(file);
    if (refusal) {
      setUploadError(refusal);
      input.value = "";
      return;
    }
    setBusy(true);
    setUploadError(null);
    setStatus("Uploading…");
    try {
      const { image } = await apiFetch<{ image: UploadedImageView }>(`/api/admin/media?purpose=${purpose}`, { body: file });
      onUploaded(image.id);
      setUploadedFor(error);
      setStatus("Uploaded. Save a draft or publish to use it.");
    } catch (e) {
      setStatus("");
      setUploadError(e instanceof ApiError ? e.message : "The upload failed. Please try again.");
    } finally {
      setBusy(false);
      input.value = "";
    }
  }

  const shownError = uploadError ?? (error !== uploadedFor ? error : undefined);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap items-center gap-4">
        {current.src ? (
          <img
            src={current.src}
            width={current.width}
            height={current.height}
            alt=""
            loading="lazy"
            className={cn("h-20 w-auto shrink-0 bg-cream object-contain shadow-sm", round ? "w-20 rounded-full object-cover" : "rounded-xl")}
          />
        ) : (
          <span className="grid h-20 w-28 shrink-0 place-items-center rounded-xl bg-brand-50 text-sm text-muted">No image</span>
        )}
        <input
          id={id}
          type="file"
          accept={UPLOAD_LIMITS.types.join(",")}
          disabled={busy}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ""}`}
          onChange={(e) => void upload(e.currentTarget)}
          className="min-w-0 max-w-full text-sm file:mr-3 file:rounded-full file:border-2 file:border-brand-700 file:bg-white file:px-4 file:py-2 file:font-bold file:text-brand-800 hover:file:bg-brand-50"
        />
      </div>
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
        {UPLOAD_HINT}
      </p>
      <p aria-live="polite" className="text-sm font-semibold text-brand-800">
        {status}
      </p>
      <FieldError id={`${id}-error`}>{shownError}</FieldError>
    </div>
  );
}
