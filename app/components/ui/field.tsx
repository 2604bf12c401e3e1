import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import { FieldError, Input, Label, textareaClass } from "./input";

// A page that needs only these two imports them from ./input, without Conform.
export { FormError, textareaClass } from "./input";

type InputType = "text" | "email" | "tel" | "date" | "time" | "number" | "url" | "search" | "password";

/** A labelled input of a Conform form with its error under it, tied together for screen readers. */
export function Field({
  label,
  field,
  type = "text",
  className,
  ...props
}: { label: ReactNode; field: FieldMetadata<unknown>; type?: InputType } & Omit<ComponentProps<"input">, "type" | "name" | "id" | "defaultValue">) {
  return (
    <div className={className}>
      <Label htmlFor={field.id}>{label}</Label>
      <Input {...getInputProps(field as FieldMetadata<string>, { type, ariaAttributes: true })} {...props} key={field.key} />
      <FieldError id={field.errorId}>{field.errors?.[0]}</FieldError>
    </div>
  );
}

export function TextareaField({
  label,
  field,
  className,
  ...props
}: { label: ReactNode; field: FieldMetadata<unknown> } & Omit<ComponentProps<"textarea">, "name" | "id" | "defaultValue">) {
  return (
    <div className={className}>
      <Label htmlFor={field.id}>{label}</Label>
      <textarea {...getTextareaProps(field as FieldMetadata<string>, { ariaAttributes: true })} className={textareaClass} {...props} key={field.key} />
      <FieldError id={field.errorId}>{field.errors?.[0]}</FieldError>
    </div>
  );
}

/** A file input of a Conform form (the form posts multipart/form-data), with a hint of what it takes. */
export function FileField({
  label,
  hint,
  field,
  className,
  ...props
}: { label: ReactNode; hint: ReactNode; field: FieldMetadata<unknown> } & Pick<ComponentProps<"input">, "accept" | "className">) {
  const hintId = `${field.id}-hint`;
  return (
    <div className={className}>
      <Label htmlFor={field.id}>{label}</Label>
      <p id={hintId} className="mb-1.5 text-sm text-muted">
        {hint}
      </p>
      <input
        {...getInputProps(field as FieldMetadata<File>, { type: "file", ariaAttributes: true, ariaDescribedBy: hintId })}
        {...props}
        key={field.key}
        className="block w-full rounded-xl border border-brand-200 bg-white p-2 text-base file:mr-3 file:rounded-lg file:border-0 file:bg-brand-100 file:px-3 file:py-2 file:font-semibold file:text-brand-900 aria-invalid:border-red-600"
      />
      <FieldError id={field.errorId}>{field.errors?.[0]}</FieldError>
    </div>
  );
}
