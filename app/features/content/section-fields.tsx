import { Button } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { type FieldErrors, fieldId, getAtPath, setAtPath } from "~/lib/form-state";
import { STYLE_BOUNDS, TEXT_ALIGNMENTS, type TextStyle } from "./schema";

export interface FieldsProps<T> {
  value: T;
  onChange: (next: T) => void;
  errors: FieldErrors;
}

const textareaClass =
  "w-full rounded-xl border border-brand-200 bg-white px-4 py-2.5 text-base text-ink focus:border-brand-500 focus:ring-2 focus:ring-brand-300 focus:outline-none aria-invalid:border-red-600";

/** A field opened by a link to its id stands out, scrolled with its label and hint in sight. */
const targetClass = "scroll-mt-32 target:border-accent-500 target:ring-4 target:ring-accent-300";

/** One text field bound to a path of the section's value. */
export function TextField<T>({
  value,
  onChange,
  errors,
  path,
  label,
  hint,
  multiline = false,
  type = "text",
  className,
}: FieldsProps<T> & {
  path: string;
  label: string;
  hint?: string;
  multiline?: boolean;
  type?: string;
  className?: string;
}) {
  const id = fieldId(path);
  const error = errors[path];
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  const common = {
    id,
    value: String(getAtPath(value, path) ?? ""),
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {hint && (
        <p id={`${id}-hint`} className="mb-1.5 text-sm text-muted">
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea {...common} rows={3} className={cn(textareaClass, targetClass)} onChange={(e) => onChange(setAtPath(value, path, e.target.value))} />
      ) : (
        <Input {...common} type={type} className={targetClass} onChange={(e) => onChange(setAtPath(value, path, e.target.value))} />
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** A list of small records (opening hours, social links, questions) with add and remove. */
/** A yes/no business setting of the Content editor. */
export function CheckboxField<T>({
  value,
  onChange,
  path,
  label,
  hint,
  className,
}: FieldsProps<T> & { path: string; label: string; hint?: string; className?: string }) {
  const id = fieldId(path);
  return (
    <div className={className}>
      <label htmlFor={id} className="flex items-center gap-3 font-bold text-brand-900">
        <input
          id={id}
          type="checkbox"
          className="h-5 w-5 accent-brand-700"
          checked={getAtPath(value, path) === true}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(setAtPath(value, path, e.target.checked))}
        />
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function ListField<T, Item extends Record<string, string>>({
  value,
  onChange,
  errors,
  path,
  legend,
  itemLabel,
  fields,
  blank,
  max,
}: FieldsProps<T> & {
  path: string;
  legend: string;
  itemLabel: (index: number) => string;
  fields: { key: keyof Item & string; label: string; multiline?: boolean }[];
  blank: Item;
  max: number;
}) {
  const items = (getAtPath(value, path) as Item[] | undefined) ?? [];
  return (
    <fieldset className="rounded-2xl border border-brand-100 p-4">
      <legend className="px-1 font-bold text-brand-900">{legend}</legend>
      <FieldError id={`field-${path || "list"}-error`}>{errors[path || "_"]}</FieldError>
      <ol className="grid gap-4">
        {items.map((_, index) => (
          <li key={index} className="grid gap-3 border-b border-brand-50 pb-4 last:border-b-0 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            {fields.map((f) => (
              <TextField
                key={f.key}
                value={value}
                onChange={onChange}
                errors={errors}
                path={[path, index, f.key].filter((part) => part !== "").join(".")}
                label={`${itemLabel(index)}: ${f.label}`}
                multiline={f.multiline}
              />
            ))}
            <Button
              type="button"
              variant="ghost-danger"
              size="sm"
              aria-label={`Remove ${itemLabel(index)}`}
              onClick={() =>
                onChange(
                  setAtPath(
                    value,
                    path,
                    items.filter((__, i) => i !== index),
                  ),
                )
              }
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      {items.length < max && (
        <Button type="button" variant="outline" size="sm" className="mt-3" onClick={() => onChange(setAtPath(value, path, [...items, { ...blank }]))}>
          Add {legend.toLowerCase().replace(/s$/, "")}
        </Button>
      )}
    </fieldset>
  );
}

/** The style editor's raw inputs (strings while typing, checked by the schema on save). */
export interface StyleDraft {
  enabled: boolean;
  fontSize: string;
  letterSpacing: string;
  align: TextStyle["align"];
  fontWeight: string;
}

export const styleDraftFrom = (style: TextStyle | null, fallback: Omit<TextStyle, "align"> & { align?: TextStyle["align"] }): StyleDraft => ({
  enabled: style !== null,
  fontSize: String(style?.fontSize ?? fallback.fontSize),
  letterSpacing: String(style?.letterSpacing ?? fallback.letterSpacing),
  align: style?.align ?? fallback.align ?? "center",
  fontWeight: String(style?.fontWeight ?? fallback.fontWeight),
});

const toNumber = (raw: string) => (raw.trim() === "" ? Number.NaN : Number(raw));

export const styleFromDraft = (draft: StyleDraft): unknown =>
  draft.enabled
    ? {
        fontSize: toNumber(draft.fontSize),
        letterSpacing: toNumber(draft.letterSpacing),
        align: draft.align,
        fontWeight: toNumber(draft.fontWeight),
      }
    : null;

/** One group of the style editor (section headings, or the promo headline). */
export function StyleGroup({
  name,
  legend,
  draft,
  onChange,
  errors,
  sample,
}: {
  name: string;
  legend: string;
  draft: StyleDraft;
  onChange: (next: StyleDraft) => void;
  errors: FieldErrors;
  sample: string;
}) {
  const id = (field: string) => `style-${name}-${field}`;
  const error = (field: string) => errors[`${name}.${field}`];
  const number = (field: "fontSize" | "letterSpacing" | "fontWeight", label: string, bounds: { min: number; max: number; step?: number }, unit: string) => (
    <div>
      <Label htmlFor={id(field)}>
        {label}{" "}
        <span className="font-normal text-muted">
          ({bounds.min} to {bounds.max}
          {unit})
        </span>
      </Label>
      <Input
        id={id(field)}
        type="number"
        inputMode="decimal"
        min={bounds.min}
        max={bounds.max}
        step={bounds.step ?? 1}
        value={draft[field]}
        disabled={!draft.enabled}
        aria-invalid={error(field) ? true : undefined}
        aria-describedby={error(field) ? `${id(field)}-error` : undefined}
        onChange={(e) => onChange({ ...draft, [field]: e.target.value })}
      />
      <FieldError id={`${id(field)}-error`}>{error(field)}</FieldError>
    </div>
  );
  const preview = styleFromDraft(draft) as TextStyle | null;
  return (
    <fieldset className="rounded-2xl border border-brand-100 p-4">
      <legend className="px-1 font-bold text-brand-900">{legend}</legend>
      <label className="flex items-center gap-2 font-semibold">
        <input
          type="checkbox"
          className="h-5 w-5 accent-brand-700"
          checked={draft.enabled}
          onChange={(e) => onChange({ ...draft, enabled: e.target.checked })}
        />
        Use a custom style (otherwise the designed look)
      </label>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {number("fontSize", "Font size", STYLE_BOUNDS.fontSize, " px")}
        {number("letterSpacing", "Letter spacing", STYLE_BOUNDS.letterSpacing, " px, steps of 0.1")}
        {number("fontWeight", "Font weight", STYLE_BOUNDS.fontWeight, ", steps of 100")}
        <div>
          <Label htmlFor={id("align")}>Alignment</Label>
          <select
            id={id("align")}
            value={draft.align}
            disabled={!draft.enabled}
            onChange={(e) =>
              onChange({
                ...draft,
                align: e.target.value as TextStyle["align"],
              })
            }
            className="h-11 w-full rounded-xl border border-brand-200 bg-white px-3"
          >
            {TEXT_ALIGNMENTS.map((a) => (
              <option key={a} value={a}>
                {a[0]!.toUpperCase() + a.slice(1)}
              </option>
            ))}
          </select>
          <FieldError id={`${id("align")}-error`}>{error("align")}</FieldError>
        </div>
      </div>
      <div className="mt-4 rounded-xl bg-cream p-4" aria-label={`${legend} preview`}>
        <p className="text-xs font-bold tracking-wide text-muted uppercase">Preview</p>
        <p
          className={cn("mt-1 font-display text-3xl text-brand-900")}
          style={
            preview && Number.isFinite(preview.fontSize) && Number.isFinite(preview.letterSpacing) && Number.isFinite(preview.fontWeight)
              ? {
                  fontSize: `${Math.min(Math.max(preview.fontSize, 10), 72)}px`,
                  letterSpacing: `${preview.letterSpacing}px`,
                  textAlign: preview.align,
                  fontWeight: preview.fontWeight,
                }
              : undefined
          }
        >
          {sample}
        </p>
      </div>
    </fieldset>
  );
}
