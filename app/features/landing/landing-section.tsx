import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** A landing-page section: an anchor id, a heading that labels it, an optional lead. */
export function LandingSection({
  id,
  heading,
  lead,
  tone = "plain",
  className,
  children,
}: {
  id: string;
  heading: string;
  lead?: string;
  tone?: "plain" | "white";
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={cn("render-when-near px-4 py-14 md:px-6 md:py-20", tone === "white" && "bg-white", className)}
    >
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto mb-8 max-w-2xl text-center md:mb-12">
          <h2 id={`${id}-heading`} className="text-3xl md:text-4xl">
            {heading}
          </h2>
          {lead && <p className="mt-3 text-lg text-muted">{lead}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
