import { Slot } from "@radix-ui/react-slot";
import { type ComponentProps, forwardRef } from "react";
import { cn } from "~/lib/cn";

const variants = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 shadow-sm",
  accent: "bg-accent-500 text-brand-950 hover:bg-accent-300 shadow-sm",
  outline: "border-2 border-brand-700 text-brand-800 bg-white hover:bg-brand-50",
  ghost: "text-brand-800 hover:bg-brand-100",
  /** A quiet destructive action (cancel, remove) beside ghost buttons. */
  "ghost-danger": "text-red-700 hover:bg-red-50",
  destructive: "bg-red-700 text-white hover:bg-red-800",
} as const;

const sizes = {
  sm: "h-9 px-3 text-sm",
  /** Small text at the full 44 px touch height (the phone header). */
  compact: "h-11 px-4 text-sm",
  md: "h-11 px-5 text-base",
  lg: "h-13 px-7 text-lg",
  /** Large, for a label that may wrap on a narrow phone. */
  "lg-wrapping": "min-h-13 px-7 py-2 text-base leading-tight sm:text-lg",
  icon: "h-11 w-11",
} as const;

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child element (e.g. a link) with the button's look. */
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { className, variant = "primary", size = "md", asChild = false, type, ...props },
  ref,
) {
  const Component = asChild ? Slot : "button";
  return (
    <Component
      ref={ref}
      type={asChild ? undefined : (type ?? "button")}
      className={cn(
        "inline-flex items-center justify-center gap-2 rounded-full font-bold transition-colors",
        "disabled:pointer-events-none disabled:opacity-60",
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
});
