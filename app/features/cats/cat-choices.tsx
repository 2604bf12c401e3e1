import { FieldError } from "~/components/ui/input";

/**
 * The household's cats as checkboxes posting `catIds` (Book a Stay, Book a Groom, the desk's booking
 * forms, a stay's change of cats): one look and one accessible structure, the error tied to the group.
 */
export function CatChoices({
  legend,
  cats,
  checked,
  error,
  hint,
  describedBy,
  wide = false,
}: {
  legend: string;
  cats: readonly { id: string; name: string }[];
  /** Ticked at first: the ids asked for, or the only cat. */
  checked: readonly string[];
  error?: string;
  hint?: string;
  /** The id of a message shown outside the group (a stay card's change error). */
  describedBy?: string;
  /** Three columns on a wide screen (the admin forms), two otherwise. */
  wide?: boolean;
}) {
  const tickOnly = cats.length === 1;
  return (
    <fieldset aria-describedby={error ? "catIds-error" : describedBy}>
      <legend className="mb-1.5 text-sm font-bold text-brand-900">{legend}</legend>
      <ul className={`grid gap-2 ${wide ? "sm:grid-cols-3" : "sm:grid-cols-2"}`}>
        {cats.map((cat) => (
          <li key={cat.id}>
            <label className="flex min-h-11 items-center gap-3 rounded-xl border border-brand-200 bg-white px-4 py-2 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
              <input type="checkbox" name="catIds" value={cat.id} defaultChecked={checked.includes(cat.id) || tickOnly} className="h-5 w-5 accent-brand-700" />
              <span className="font-semibold">{cat.name}</span>
            </label>
          </li>
        ))}
      </ul>
      {hint ? <p className="mt-1 text-sm text-muted">{hint}</p> : null}
      <FieldError id="catIds-error">{error}</FieldError>
    </fieldset>
  );
}

/** The cats chosen at an earlier step, carried to the next one. */
export function HiddenCatIds({ ids }: { ids: readonly string[] }) {
  return ids.map((id) => <input key={id} type="hidden" name="catIds" value={id} />);
}
