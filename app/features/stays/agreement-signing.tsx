import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Field } from "~/components/ui/field";
import { FieldError } from "~/components/ui/input";

/** The boarding agreement as it is signed (ADR 0158): its title, its version and its words, paragraph by paragraph. */
export function AgreementText({ agreement, headingLevel = "h3" }: { agreement: { title: string; text: string; version: string }; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  return (
    <div>
      <Heading id="agreement-heading" className={headingLevel === "h2" ? "text-2xl" : "text-xl"}>
        {agreement.title}
      </Heading>
      <p className="mt-1 text-sm text-muted">Version {agreement.version}</p>
      <div className="mt-4 grid max-w-prose gap-3">
        {agreement.text.split(/\n\s*\n/).map((paragraph, i) => (
          <p key={i} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
      </div>
    </div>
  );
}

/** What the signer types and ticks, online or on the desk's device (ADR 0196): their full name and that they agree. */
export function AgreementSignFields({ fields, nameLabel }: { fields: { fullName: FieldMetadata<unknown>; agree: FieldMetadata<unknown> }; nameLabel: string }) {
  return (
    <>
      <Field label={nameLabel} field={fields.fullName} autoComplete="name" />
      <div>
        <label className="flex min-h-11 items-start gap-3">
          <input
            {...getInputProps(fields.agree as FieldMetadata<boolean>, { type: "checkbox", ariaAttributes: true })}
            key={fields.agree.key}
            className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
          />
          <span>I have read the boarding agreement and agree to it for this stay.</span>
        </label>
        <FieldError id={fields.agree.errorId}>{fields.agree.errors?.[0]}</FieldError>
      </div>
    </>
  );
}
