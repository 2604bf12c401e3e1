import { z } from "~/lib/zod";
import { keysetCursorSchema } from "~/lib/keyset-cursor";

/** The admin Customers list (ADR 0123): a search and a keyset page, as they arrive in the query string. */

export const CUSTOMERS_PAGE_SIZE = 25;

const blankAsUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUndefined, schema.optional());

/** Part of a name or an e-mail address, or a phone number in any common US format. */
const searchField = optional(z.string().trim().max(100, "Search for at most 100 characters."));

export const customersQuerySchema = z
  .object({
    q: searchField,
    /** The households that joined before this one (the "Older" link). */
    before: optional(keysetCursorSchema),
    /** The households that joined after this one (the "Newer" link). */
    after: optional(keysetCursorSchema),
  })
  .refine((q) => !(q.before && q.after), { message: "Ask for older or newer customers, not both.", path: ["after"] });
export type CustomersQuery = z.output<typeof customersQuerySchema>;

/** The "find the customer" step of booking for a customer (a stay or a groom): the search alone. */
export const customerSearchSchema = z.object({ q: searchField });
export type CustomerSearch = z.output<typeof customerSearchSchema>;

/** The search as typed in the address (`?q=`), or, refused, no search and why. */
export function customerSearchOf(params: URLSearchParams): { search: CustomerSearch; searchError: string | null } {
  const parsed = customerSearchSchema.safeParse({ q: params.get("q") });
  if (parsed.success) return { search: parsed.data, searchError: null };
  return { search: {}, searchError: parsed.error.issues[0]?.message ?? "Search for at most 100 characters." };
}

/** One row of the list: what staff need to recognise a household. */
export interface CustomerRow {
  householdId: string;
  name: string | null;
  email: string;
  mobilePhone: string | null;
  cats: number;
  joinedAt: string;
}

/** A household page lists this many of the newest appointments (a regular's years of visits stay one screen). */
export const CUSTOMER_APPOINTMENTS_SHOWN = 100;
