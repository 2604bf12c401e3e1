import { formatCents } from "~/lib/money";
import { formatUsPhone } from "~/lib/phone";

/** A cat's care plan as the server's `carePlansOf` gives it (ADR 0196). */
export interface CarePlanCat {
  food: string;
  amountPerMeal: string;
  hidingAndFears: string;
  belongings: string;
  medications: { name: string; times: string; received: number | null }[];
}

export interface CarePlanContacts {
  vetSpendLimitCents: number | null;
  vet: { clinic: string | null; phone: string | null };
  owner: { name: string | null; phone: string | null };
  emergency: { name: string | null; phone: string | null };
}

/** A number an attendant taps to call, from the phone in their hand. */
function Call({ phone, label }: { phone: string | null; label: string }) {
  if (!phone) return <span className="text-muted">no number on file</span>;
  return (
    <a
      href={`tel:${phone}`}
      className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2"
      aria-label={`Call ${label}, ${formatUsPhone(phone)}`}
    >
      {formatUsPhone(phone)}
    </a>
  );
}

/**
 * What the team needs for a cat in an emergency (ADR 0196): the owner's care plan from online check-in,
 * the medication with the pills received at the desk, the vet and the spending limit, and whom to call
 * (tap-to-call). The staff stay page and the cat's card on Today show it.
 */
export function CarePlan({ plan, contacts }: { plan: CarePlanCat | null; contacts: CarePlanContacts }) {
  return (
    <dl className="mt-2 grid gap-2 text-sm">
      {plan ? (
        <>
          <div>
            <dt className="font-bold">Food</dt>
            <dd className="break-words whitespace-pre-line">
              {plan.food || "As the hotel feeds"}
              {plan.amountPerMeal ? ` · ${plan.amountPerMeal} per meal` : ""}
            </dd>
          </div>
          <div>
            <dt className="font-bold">Fears and hiding places</dt>
            <dd className="break-words whitespace-pre-line">{plan.hidingAndFears || "None noted"}</dd>
          </div>
          <div>
            <dt className="font-bold">Belongings</dt>
            <dd className="break-words whitespace-pre-line">{plan.belongings || "None"}</dd>
          </div>
          {plan.medications.length > 0 ? (
            <div>
              <dt className="font-bold">Medication (care plan)</dt>
              <dd>
                <ul className="grid gap-1">
                  {plan.medications.map((m, i) => (
                    <li key={i} className="break-words">
                      {m.name}
                      {m.times ? ` · ${m.times}` : ""}
                      {m.received !== null ? ` · ${m.received} received at the desk` : ""}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
        </>
      ) : (
        <div>
          <dt className="font-bold">Care plan</dt>
          <dd>The owner did not check in online: the profile's notes stand.</dd>
        </div>
      )}
      <div>
        <dt className="font-bold">Vet</dt>
        <dd>
          {contacts.vet.clinic ?? "No vet on file"}
          {contacts.vet.phone ? " · " : null}
          {contacts.vet.phone ? <Call phone={contacts.vet.phone} label={contacts.vet.clinic ?? "the vet"} /> : null}
          {contacts.vetSpendLimitCents !== null ? ` · may spend up to ${formatCents(contacts.vetSpendLimitCents)} without a call` : ""}
        </dd>
      </div>
      <div>
        <dt className="font-bold">Owner</dt>
        <dd>
          {contacts.owner.name ? `${contacts.owner.name} · ` : null}
          <Call phone={contacts.owner.phone} label={contacts.owner.name ?? "the owner"} />
        </dd>
      </div>
      <div>
        <dt className="font-bold">Emergency contact</dt>
        <dd>
          {contacts.emergency.name ? `${contacts.emergency.name} · ` : null}
          <Call phone={contacts.emergency.phone} label={contacts.emergency.name ?? "the emergency contact"} />
        </dd>
      </div>
    </dl>
  );
}
