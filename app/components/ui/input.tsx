import { type ComponentProps, forwardRef } from "react";
import { cn } from "~/lib/cn";

/** `large`: a taller field with large text, for the one field a dialog is about. */
export const Input = forwardRef<HTMLInputElement, ComponentProps<"input"> & { large?: boolean }>(function Input({ className, large = false, ...props }, ref) {
  return (
    <input
      ref={ref}
      className={cn(
        "w-full rounded-xl border border-brand-200 bg-white px-4 text-ink placeholder:text-muted",
        large ? "h-13 text-xl" : "h-11 text-base",
        "focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-300",
        "aria-invalid:border-red-600 disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
});

export function Label({ className, ...props }: ComponentProps<"label">) {
  // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor or wrap the control
  return <label className={cn("mb-1.5 block text-sm font-bold text-brand-900", className)} {...props} />;
}

export function FieldError({ id, children }: { id: string; children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-semibold text-red-700">
      {children}
    </p>
  );
}

/**
 * A required date field of a GET step form: the loader checks the dates and sends its words back as
 * `error` (Book a Stay and staff booking's first step).
 */
export function DateInput({ name, label, min, value, error }: { name: string; label: string; min: string; value: string; error?: string }) {
  return (
    <div>
      <Label htmlFor={name}>{label}</Label>
      <Input
        id={name}
        name={name}
        type="date"
        min={min}
        defaultValue={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
      />
      <FieldError id={`${name}-error`}>{error}</FieldError>
    </div>
  );
}

/** A native select's look, beside the inputs (the Team page's roles, the desk's manager). */
export const selectClass =
  "h-11 w-full rounded-xl border border-brand-200 bg-white px-3 text-base focus:border-brand-500 focus:ring-2 focus:ring-brand-300 focus:outline-none aria-invalid:border-red-600";

export const textareaClass =
  "min-h-24 w-full rounded-xl border border-brand-200 bg-white p-3 focus:border-brand-500 focus:ring-2 focus:ring-brand-300 focus:outline-none aria-invalid:border-red-600";

/** The form's own error (a refusal from the server that is about no single field). */
export function FormError({ id, errors, className }: { id?: string; errors?: string[]; className?: string }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className={cn("rounded-xl bg-red-50 px-4 py-3 text-sm font-semibold text-red-800", className)}>
      {errors[0]}
    </p>
  );
}
