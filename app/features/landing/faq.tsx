export interface FaqEntry {
  question: string;
  answer: string;
}

/**
 * Questions as native disclosure widgets (details/summary): keyboard and screen-reader support
 * come from the browser, and they open without JavaScript.
 */
export function Faq({ items }: { items: readonly FaqEntry[] }) {
  return (
    <div className="mx-auto grid max-w-3xl gap-3">
      {items.map((item) => (
        <details key={item.question} className="group rounded-2xl border border-brand-100 bg-white shadow-sm open:shadow-card">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-lg font-bold text-brand-900 [&::-webkit-details-marker]:hidden">
            {item.question}
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5 shrink-0 text-brand-700 transition-transform group-open:rotate-180"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            >
              <path d="M6 9l6 6 6-6" />
            </svg>
          </summary>
          <p className="px-5 pb-5 text-ink">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
