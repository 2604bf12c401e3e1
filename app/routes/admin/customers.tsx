import { Form, Link } from "react-router";
import { requirePermission } from "@server/auth/guards.server";
import { listCustomers } from "@server/customers/customers";
import { mapRefusals } from "@server/http/refusals";
import { KeysetPager } from "~/components/keyset-pager";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { type CustomerRow, type CustomersQuery, customersQuerySchema } from "~/features/customers/schema";
import { formatBusinessDate } from "~/lib/business-time";
import { formatUsPhone } from "~/lib/phone";
import type { Route } from "./+types/customers";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Customers");

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  await requirePermission(request, context, "customers");
  const parsed = customersQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  // A hand-edited address with a bad page link shows the newest customers and says so, rather than an error page.
  const query: CustomersQuery = parsed.success ? parsed.data : customersQuerySchema.parse({ q: new URL(request.url).searchParams.get("q")?.slice(0, 100) });
  const { customers, newer, older } = await listCustomers(context.db, query);
  return { customers, newer, older, q: query.q ?? "", queryError: parsed.success ? null : (parsed.error.issues[0]?.message ?? "This address is not valid.") };
});

const pageLink = (q: string, cursor: Record<string, string>) => `?${new URLSearchParams({ ...(q ? { q } : {}), ...cursor }).toString()}`;
const phoneOf = (c: CustomerRow) => (c.mobilePhone ? formatUsPhone(c.mobilePhone) : "—");
const catsOf = (c: CustomerRow) => (c.cats === 0 ? "No cats" : c.cats === 1 ? "1 cat" : `${c.cats} cats`);

export default function CustomersPage({ loaderData }: Route.ComponentProps) {
  const { customers, newer, older, q, queryError } = loaderData;
  return (
    <div>
      <h1 className="text-3xl">Customers</h1>
      <p className="mt-1 text-muted">Every household that signed up, newest first. Open one for its cats, vaccine records and bookings.</p>

      <Form method="get" role="search" aria-label="Search customers" className="mt-6 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)]">
        <Label htmlFor="customers-q">Search</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="customers-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Name, e-mail or phone in any format"
            maxLength={100}
            className="sm:flex-1"
          />
          <div className="flex gap-2">
            <Button type="submit">Search</Button>
            {q ? (
              <Button asChild variant="ghost">
                <Link to="/admin/customers">Clear</Link>
              </Button>
            ) : null}
          </div>
        </div>
      </Form>
      {queryError ? (
        <p role="alert" className="mt-3 font-semibold text-red-700">
          {queryError} Showing the newest customers.
        </p>
      ) : null}

      <section className="mt-4" aria-labelledby="customers-results">
        <h2 id="customers-results" className="sr-only">
          Results
        </h2>
        {customers.length === 0 ? (
          <div className="rounded-[var(--radius-card)] bg-white p-6 text-center shadow-[var(--shadow-card)]">
            <p className="text-lg font-bold text-brand-900">{q ? `No customer matches “${q}”.` : newer ? "No older customers." : "No customers yet."}</p>
            <p className="mt-1 text-muted">
              {q
                ? "Try part of the name, the e-mail address, or the mobile number's last digits."
                : "A household appears here once a customer saves it on their account page or adds a cat."}
            </p>
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted" aria-live="polite">
              {`Showing ${customers.length} ${customers.length === 1 ? "customer" : "customers"}${q ? ` matching “${q}”` : ""}`}
            </p>
            {/* Mobile: one card per household. */}
            <ul className="space-y-3 md:hidden" aria-label="Customers">
              {customers.map((c) => (
                <li key={c.householdId} className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)]">
                  <Link to={`/admin/customers/${c.householdId}`} className="text-lg font-bold text-brand-800 underline underline-offset-4">
                    {c.name ?? c.email}
                  </Link>
                  <p className="mt-1 text-sm break-all">{c.email}</p>
                  <p className="mt-1 text-sm">
                    {phoneOf(c)} · {catsOf(c)} · joined {formatBusinessDate(new Date(c.joinedAt))}
                  </p>
                </li>
              ))}
            </ul>
            {/* Desktop: a table. */}
            <div className="hidden overflow-x-auto rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)] md:block">
              <table className="w-full text-left">
                <caption className="sr-only">Customers, newest first</caption>
                <thead className="border-b border-brand-100 bg-brand-50 text-sm text-brand-900">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      Name
                    </th>
                    <th scope="col" className="px-4 py-3">
                      E-mail
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Mobile
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Cats
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Joined
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {customers.map((c) => (
                    <tr key={c.householdId} className="border-b border-brand-100 last:border-0">
                      <td className="px-4 py-3">
                        <Link to={`/admin/customers/${c.householdId}`} className="font-bold text-brand-800 underline underline-offset-4">
                          {c.name ?? "(no name yet)"}
                        </Link>
                      </td>
                      <td className="px-4 py-3 break-all">{c.email}</td>
                      <td className="px-4 py-3 whitespace-nowrap">{phoneOf(c)}</td>
                      <td className="px-4 py-3 whitespace-nowrap">{catsOf(c)}</td>
                      <td className="px-4 py-3 whitespace-nowrap">{formatBusinessDate(new Date(c.joinedAt))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <KeysetPager
          newer={newer ? { href: pageLink(q, { after: newer }), label: "Newer customers" } : null}
          older={older ? { href: pageLink(q, { before: older }), label: "Older customers" } : null}
        />
      </section>
    </div>
  );
}
