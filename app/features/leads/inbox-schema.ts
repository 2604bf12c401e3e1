import { z } from "~/lib/zod";
import { callbackCallStatusValues, callbackStaffStatusValues } from "~/features/callback/schema";
import { keysetCursorSchema } from "~/lib/keyset-cursor";
import { calendarDateField } from "~/lib/validation";

/**
 * The admin leads inbox, shared by the page and the API: which leads exist, how staff filter them
 * and what staff may change. Callback requests and voucher requests carry a staff status and a
 * note; newsletter sign-ups are a list of consents, not a conversation, so they carry neither.
 */

export const leadKinds = ["callback", "voucher", "newsletter"] as const;
export type LeadKind = (typeof leadKinds)[number];
/** The kinds staff follow up (status + note). */
export const followUpKinds = ["callback", "voucher"] as const;
export type FollowUpKind = (typeof followUpKinds)[number];

export const leadKindLabels: Record<LeadKind, string> = {
  callback: "Callback request",
  voucher: "Free-night voucher",
  newsletter: "Newsletter signup",
};
export const staffStatusLabels: Record<(typeof callbackStaffStatusValues)[number], string> = {
  new: "New",
  contacted: "Contacted",
  booked: "Booked",
  closed: "Closed",
};
export const callStatusLabels: Record<(typeof callbackCallStatusValues)[number], string> = {
  pending: "Call pending",
  calling: "Calling now",
  placed: "Call placed",
  simulated: "Call simulated",
  failed: "Call failed",
  paused: "Calls paused",
};

export const INBOX_PAGE_SIZE = 25;

const isoDay = calendarDateField("Dates are YYYY-MM-DD.");

/** An empty form field ("") means "no filter". */
const blankAsUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUndefined, schema.optional());

/** The inbox filters, as they arrive in the page's or the API's query string. */
const leadsFilterSchema = z.object({
  kind: optional(z.enum(leadKinds)),
  staffStatus: optional(z.enum(callbackStaffStatusValues)),
  callStatus: optional(z.enum(callbackCallStatusValues)),
  /** Part of a name, an e-mail address or the digits of a phone number. */
  q: optional(z.string().trim().max(100, "Search for at most 100 characters.")),
  /** Business days (Los Angeles), both included. */
  from: optional(isoDay),
  to: optional(isoDay),
});

export const leadsQuerySchema = leadsFilterSchema
  .extend({
    /** The leads received before this one (the "Older" link). */
    before: optional(keysetCursorSchema),
    /** The leads received after this one (the "Newer" link). */
    after: optional(keysetCursorSchema),
  })
  .refine((q) => !(q.before && q.after), { message: "Ask for older or newer leads, not both.", path: ["after"] });
export type LeadsQuery = z.output<typeof leadsQuerySchema>;
export type LeadsFilters = z.output<typeof leadsFilterSchema>;

/** The CSV export: one kind per file (the columns differ), with the same filters as the list. */
export const leadsExportQuerySchema = leadsFilterSchema.omit({ kind: true }).extend({
  kind: z.enum(leadKinds, "Choose which leads to export."),
});

/** What staff may change on a callback or voucher request. */
export const leadUpdateSchema = z
  .object({
    staffStatus: z.enum(callbackStaffStatusValues).optional(),
    staffNote: z.string().trim().max(2000, "Keep the note under 2000 characters.").optional(),
  })
  .refine((v) => v.staffStatus !== undefined || v.staffNote !== undefined, { message: "Nothing to update." });
export type LeadUpdate = z.output<typeof leadUpdateSchema>;

/** The inbox's follow-up form under each callback or voucher request. */
export const leadFollowUpForm = z.object({
  kind: z.enum(followUpKinds),
  leadId: z.string().min(1),
  staffStatus: z.enum(callbackStaffStatusValues),
  staffNote: z.string().trim().max(2000, "Keep the note under 2000 characters.").default(""),
});

/** One row of the inbox, whatever its kind (JSON-safe: dates are ISO strings). */
export interface InboxLead {
  kind: LeadKind;
  id: string;
  createdAt: string;
  name: string | null;
  email: string | null;
  /** +1 and 10 digits. */
  phone: string | null;
  callStatus: (typeof callbackCallStatusValues)[number] | null;
  callError: string | null;
  callSid: string | null;
  staffStatus: (typeof callbackStaffStatusValues)[number] | null;
  staffNote: string | null;
  sourcePage: string | null;
  consentText: string | null;
  unsubscribedAt: string | null;
  /** Vouchers: the code e-mailed, and whether that mail went out (null: not tried, as for older requests). */
  voucherCode: string | null;
  voucherMail: "sent" | "failed" | null;
  /** Vouchers: the stay whose first night free the voucher is (null: not used, or that stay was cancelled). */
  voucherRedeemedStay: { checkIn: string; checkOut: string } | null;
}
