/** Shown above a page rendered with an unpublished draft, so an admin never mistakes it for the live site. */
export function PreviewBanner({ revisionId }: { revisionId: number }) {
  return (
    <div role="status" className="sticky top-0 z-50 bg-accent-700 px-4 py-2 text-center text-sm font-bold text-white">
      Preview of draft #{revisionId} — not published. Visitors still see the live page.{" "}
      <a href="/admin/content" className="underline underline-offset-2">
        Back to Content
      </a>
    </div>
  );
}
