import type { ReactNode } from "react";
import { textStyleCss, useSiteContent } from "~/features/content/site-content-context";
import { cn } from "~/lib/cn";

/** A page section with an anchor id, a heading and an optional lead paragraph. */
export function Section({
  id,
  eyebrow,
  heading,
  lead,
  className,
  children,
  tone = "plain",
}: {
  id: string;
  eyebrow?: string;
  heading: string;
  lead?: string;
  className?: string;
  children: ReactNode;
  tone?: "plain" | "white" | "brand";
}) {
  const headingId = `${id}-heading`;
  const { style } = useSiteContent();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        "render-when-near px-4 py-16 focus:outline-none md:px-6 md:py-24",
        tone === "white" && "bg-white",
        tone === "brand" && "bg-brand-900 text-brand-50",
        className,
      )}
    >
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto mb-10 max-w-2xl text-center md:mb-14">
          {eyebrow && (
            <p className={cn("mb-2 text-sm font-extrabold tracking-widest uppercase", tone === "brand" ? "text-accent-300" : "text-accent-700")}>{eyebrow}</p>
          )}
          <h2 id={headingId} className={cn("text-3xl md:text-4xl", tone === "brand" && "text-white")} style={textStyleCss(style.headings)}>
            {heading}
          </h2>
          {lead && <p className={cn("mt-3 text-lg", tone === "brand" ? "text-brand-100" : "text-muted")}>{lead}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
