import { Form, Link } from "react-router";
import type { CustomerMatch } from "~/domain/customer-match";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { Panel } from "~/components/ui/panel";

/**
 * "Find the customer": a GET search by name, e-mail or phone, and each match with a Choose link to
 * `?household=<id>`, the next step of booking for them. `what` names the booking ("a stay").
 */
export function CustomerFinder({ q, searchError, found, what }: { q: string; searchError: string | null; found: CustomerMatch[]; what: string }) {
  return (
    <Panel title="Find the customer" description="Search by name, e-mail or phone in any format.">
      <Form method="get" role="search" aria-label="Search customers" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="sm:flex-1">
          <Label htmlFor="book-q">Customer</Label>
          <Input id="book-q" name="q" type="search" defaultValue={q} maxLength={100} placeholder="Name, e-mail or phone" />
        </div>
        <Button type="submit">Search</Button>
      </Form>
      {searchError ? (
        <p role="alert" className="mt-3 font-semibold text-red-700">
          {searchError}
        </p>
      ) : null}
      {q && found.length === 0 ? <p className="mt-4 text-muted">No customer matches “{q}”.</p> : null}
      {found.length > 0 ? (
        <ul className="mt-4 grid gap-2" aria-label="Customers found">
          {found.map((c) => (
            <li key={c.householdId} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-100 px-3 py-2">
              <span className="min-w-0">
                <span className="block font-semibold">{c.name ?? c.email}</span>
                {/* A long e-mail may break anywhere; the phone and the count stay whole. */}
                <span className="block text-sm text-muted">
                  <span className="break-all">{c.email}</span>
                  {c.phone ? (
                    <>
                      {" · "}
                      <span className="whitespace-nowrap">{c.phone}</span>
                    </>
                  ) : null}
                  {" · "}
                  <span className="whitespace-nowrap">{c.cats === 1 ? "1 cat" : `${c.cats} cats`}</span>
                </span>
              </span>
              <Button asChild size="sm" variant="outline">
                <Link to={`?household=${c.householdId}`} aria-label={`Book ${what} for ${c.name ?? c.email}`}>
                  Choose
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
