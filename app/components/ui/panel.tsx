import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/cn";

/** A titled white card: the tooling pages stack these. */
export function Panel({
  title,
  description,
  actions,
  children,
  className,
  headingLevel = 2,
  ...props
}: Omit<ComponentProps<"section">, "title"> & { title: ReactNode; description?: ReactNode; actions?: ReactNode; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={cn("rounded-[var(--radius-card)] border border-brand-100 bg-white p-4 shadow-[var(--shadow-card)] sm:p-6", className)} {...props}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading className="text-xl sm:text-2xl">{title}</Heading>
          {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export type BadgeTone = "neutral" | "info" | "success" | "warning" | "danger";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-slate-100 text-slate-800 ring-slate-300",
  info: "bg-sky-50 text-sky-900 ring-sky-300",
  success: "bg-green-50 text-green-900 ring-green-300",
  warning: "bg-amber-50 text-amber-900 ring-amber-300",
  danger: "bg-red-50 text-red-900 ring-red-300",
};

export function Badge({ tone = "neutral", className, ...props }: ComponentProps<"span"> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide whitespace-nowrap uppercase ring-1 ring-inset",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}

const noticeTones = {
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  success: "border-green-300 bg-green-50 text-green-950",
  danger: "border-red-300 bg-red-50 text-red-950",
  info: "border-sky-300 bg-sky-50 text-sky-950",
} as const;

/** A coloured box with a message; `role` is up to the caller (status for live updates). */
export function Notice({ tone, className, ...props }: ComponentProps<"div"> & { tone: keyof typeof noticeTones }) {
  return <div className={cn("rounded-xl border px-4 py-3 text-sm", noticeTones[tone], className)} {...props} />;
}
