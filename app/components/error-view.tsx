import { isRouteErrorResponse, useLocation } from "react-router";

/** What went wrong, in words for the person looking at the page (never a stack trace). */
export function describeError(error: unknown): { title: string; detail: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A domain refusal (mapRefusals in server/http/refusals.ts) carries its own words for the person.
  const said = refusalMessage(error);
  if (status === 404) return { title: "Not found", detail: said ?? "We could not find what you were looking for. It may have been moved or removed." };
  if (status === 401 || status === 403)
    return { title: "Not allowed", detail: said ?? "This page needs another account. Sign in with the account that can see it." };
  if (status === 503) return { title: "Briefly unavailable", detail: said ?? "Our service is briefly unavailable. Please try again in a few seconds." };
  if (status >= 400 && status < 500) return { title: "That did not work", detail: said ?? "The request could not be handled. Go back and try again." };
  return {
    title: "Something went wrong",
    detail: said ?? "We could not show this part of the page. Please try again in a moment; what you saved before is kept.",
  };
}

function refusalMessage(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error) || typeof error.data !== "object" || error.data === null) return undefined;
  const message = (error.data as { message?: unknown }).message;
  return typeof message === "string" && message ? message : undefined;
}

/**
 * The error message of a route area (admin, customer), drawn inside that area's layout so the
 * navigation stays usable. The root's boundary handles the public pages.
 */
export function ErrorView({ error, backTo, backLabel }: { error: unknown; backTo: string; backLabel: string }) {
  const { title, detail } = describeError(error);
  const here = useLocation();
  return (
    <section
      role="alert"
      aria-labelledby="error-title"
      className="mx-auto my-8 max-w-xl rounded-[var(--radius-card)] bg-white p-8 text-center shadow-[var(--shadow-card)]"
    >
      <h1 id="error-title" className="text-3xl">
        {title}
      </h1>
      <p className="mt-3 text-muted">{detail}</p>
      <p className="mt-6 flex flex-wrap justify-center gap-4">
        <a href={here.pathname + here.search} className="font-semibold text-brand-700 underline underline-offset-4">
          Try again
        </a>
        <a href={backTo} className="font-semibold text-brand-700 underline underline-offset-4">
          {backLabel}
        </a>
      </p>
    </section>
  );
}
