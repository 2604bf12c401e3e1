import type { Crumb } from "./json-ld";

/** A visible breadcrumb trail; the last crumb is the current page. Pair it with `breadcrumbJsonLd`. */
export function Breadcrumb({ crumbs, className }: { crumbs: readonly Crumb[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={className}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {crumbs.map((crumb, i) => {
          const isCurrent = i === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-2">
              {isCurrent ? (
                <span aria-current="page" className="font-bold text-brand-900">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <a href={crumb.path} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
                    {crumb.name}
                  </a>
                  <span aria-hidden="true" className="text-muted">
                    /
                  </span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
