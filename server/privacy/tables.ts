import { type SQL, and, eq, inArray, isNotNull, isNull, like, or, sql } from "drizzle-orm";
import { BUSINESS_TIME_ZONE } from "~/lib/business-time";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import type { Tx } from "../db/transaction";
import {
  appointmentReminders,
  appointments,
  callMeBackForm,
  careAlerts,
  careDiarySends,
  careEntries,
  careIncidents,
  carePhotoVariants,
  doseClaims,
  catHandovers,
  catPhotoVariants,
  cats,
  formSubmissions,
  groomGuarantees,
  groomPayments,
  households,
  mailQueue,
  newsletterSignups,
  paymentRefunds,
  phoneVerifications,
  payments,
  referralCreditEntries,
  receipts,
  creditNotes,
  reviewRequests,
  sessions,
  signIns,
  smsQueue,
  stayAgreementSignatures,
  stayBillLines,
  stayCats,
  stayCheckInReminders,
  stayCheckIns,
  stayEvents,
  stayPickupAttempts,
  stayPickupCodes,
  stayPickupPeople,
  stayReleases,
  staySuites,
  stays,
  telephonyEvents,
  incomingTexts,
  textOptOuts,
  textReplies,
  userRoles,
  users,
  vaccineDocuments,
  vaccineRecords,
  vaccineReminders,
  verifications,
  voucherRequests,
  waitlistEntries,
} from "../db/schema/index";
import { householdOf } from "../db/owned";

/**
 * Every table of the database, and what the privacy export and the account deletion do with it
 * (ADR 0124). A table that holds anything about a customer lists how to find the customer's rows
 * (the export writes every column of them, bar the secrets named in `withheld`) and how deletion
 * erases them; any other table says why it is left alone. The tests check this list
 * against the database itself: a new table that is in neither fails them, so does a column the
 * export leaves out, and so does any of the customer's data left anywhere after deletion.
 */

/** Whom an export or a deletion is about: the account and what leads to its rows elsewhere. */
export interface DataSubject {
  userId: string;
  email: string;
  householdId: string | null;
  catIds: string[];
  vaccineRecordIds: string[];
  appointmentIds: string[];
  stayIds: string[];
  /**
   * The numbers the account has PROVEN to be its own (ADR 0140): the household's mobile once the
   * code texted to it was typed back. Rows kept only by a phone number (callback leads, voucher
   * requests, call records, texts) are the account's by these alone: a number typed into a form
   * (the household's, a reminder's, a voucher's) may be anyone's, and would hand that person's
   * leads to the export and the deletion.
   */
  phones: string[];
  /**
   * The provider's records of the texts the account's own bookings sent (an appointment's reminders
   * by the provider's message id, a stay's texts by their number and words, its sealed pickup codes'
   * texts by the code's number and day), whatever the number:
   * tied to the account through its appointments and stays, not through a number it typed.
   */
  telephonyEventIds: string[];
}

export interface PersonalTable {
  table: PgTable;
  /** The subject's rows. */
  rowsOf: (s: DataSubject) => SQL;
  /** Columns the export leaves out, each with the reason (secrets only). */
  withheld?: Record<string, string>;
  /** What deletion does, in a sentence (the docs and the privacy policy say the same). */
  erasure: string;
  /** Erases the subject's rows; absent where deleting the account row removes them (foreign keys). */
  erase?: (tx: Tx, s: DataSubject, placeholder: string) => Promise<unknown>;
}

/** The customer's e-mail in a "who did this" column becomes the placeholder; staff addresses stay. */
const unlessCustomer = (column: AnyPgColumn, s: DataSubject, placeholder: string) =>
  sql`case when ${column} = ${s.email} then ${placeholder} else ${column} end`;

const CASCADE = "Deleted with the account.";

export const PERSONAL_TABLES: Record<string, PersonalTable> = {
  users: {
    table: users,
    rowsOf: (s) => eq(users.id, s.userId),
    withheld: { override_pin_hash: "The hash of a manager's override PIN: a secret, not information about you." },
    erasure: "Deleted.",
    erase: (tx, s) => tx.delete(users).where(eq(users.id, s.userId)),
  },
  user_roles: { table: userRoles, rowsOf: (s) => eq(userRoles.userId, s.userId), erasure: CASCADE },
  form_submissions: {
    table: formSubmissions,
    rowsOf: (s) => eq(formSubmissions.userId, s.userId),
    erasure: `${CASCADE} (What a form the account posted was answered, kept a day so a second post of it changes nothing.)`,
  },
  sessions: {
    table: sessions,
    rowsOf: (s) => eq(sessions.userId, s.userId),
    withheld: { token_hash: "The hash of the signed-in browser's secret token: a secret, not information about you." },
    erasure: `${CASCADE} Every browser is signed out.`,
  },
  verifications: {
    table: verifications,
    rowsOf: (s) => eq(verifications.email, s.email),
    withheld: {
      token_hash: "The hash of a sign-in link's secret token.",
      code_hash: "The hash of a sign-in code.",
    },
    erasure: "Deleted.",
    erase: (tx, s) => tx.delete(verifications).where(eq(verifications.email, s.email)),
  },
  sign_ins: {
    table: signIns,
    rowsOf: (s) => eq(signIns.userId, s.userId),
    erasure: "Kept for the sign-in counts without the link to the account (the time and the method only).",
  },
  households: { table: households, rowsOf: (s) => householdOf(s.userId), erasure: CASCADE },
  phone_verifications: {
    table: phoneVerifications,
    rowsOf: (s) => eq(phoneVerifications.userId, s.userId),
    withheld: { code_hash: "The hash of the code texted to prove your mobile number." },
    erasure: CASCADE,
  },
  cats: { table: cats, rowsOf: (s) => inArray(cats.id, s.catIds), erasure: CASCADE },
  cat_photo_variants: { table: catPhotoVariants, rowsOf: (s) => inArray(catPhotoVariants.catId, s.catIds), erasure: CASCADE },
  vaccine_records: { table: vaccineRecords, rowsOf: (s) => inArray(vaccineRecords.id, s.vaccineRecordIds), erasure: CASCADE },
  vaccine_documents: { table: vaccineDocuments, rowsOf: (s) => inArray(vaccineDocuments.recordId, s.vaccineRecordIds), erasure: CASCADE },
  vaccine_reminders: { table: vaccineReminders, rowsOf: (s) => inArray(vaccineReminders.recordId, s.vaccineRecordIds), erasure: CASCADE },
  appointments: {
    table: appointments,
    rowsOf: (s) => inArray(appointments.id, s.appointmentIds),
    erasure:
      "Kept for the business's records without personal data: the e-mail becomes an anonymous placeholder; cat names, a groom's cats, notes and the reminder number are cleared.",
    erase: (tx, s, placeholder) =>
      tx
        .update(appointments)
        .set({
          customerEmail: placeholder,
          catNames: "",
          // A groom keeps an (empty) list of cats: its constraint wants one.
          catIds: sql`case when ${appointments.catIds} is null then null else '[]'::jsonb end`,
          notes: "",
          reminderPhone: null,
          createdBy: unlessCustomer(appointments.createdBy, s, placeholder),
          updatedBy: unlessCustomer(appointments.updatedBy, s, placeholder),
        })
        .where(inArray(appointments.id, s.appointmentIds)),
  },
  appointment_reminders: {
    table: appointmentReminders,
    rowsOf: (s) => inArray(appointmentReminders.appointmentId, s.appointmentIds),
    erasure: "Kept as the record that a reminder was sent, without the number or the message.",
    erase: (tx, s, placeholder) =>
      tx
        .update(appointmentReminders)
        .set({ phoneNumber: "", message: "", sentBy: unlessCustomer(appointmentReminders.sentBy, s, placeholder) })
        .where(inArray(appointmentReminders.appointmentId, s.appointmentIds)),
  },
  // The satisfaction guarantee given for a groom (ADR 0166): money given back, a business record.
  groom_guarantees: {
    table: groomGuarantees,
    rowsOf: (s) => inArray(groomGuarantees.appointmentId, s.appointmentIds),
    erasure: "Kept for the business's accounts (the amount given back, how and by whom), without what the customer said went wrong.",
    erase: (tx, s) => tx.update(groomGuarantees).set({ reason: "" }).where(inArray(groomGuarantees.appointmentId, s.appointmentIds)),
  },
  // A groom paid at the desk on its own (ADR 0192): money taken, a business record.
  groom_payments: {
    table: groomPayments,
    rowsOf: (s) => inArray(groomPayments.appointmentId, s.appointmentIds),
    erasure: "Kept for the business's accounts: the groom's payment, its amount, how and by whom (nothing personal).",
  },
  telephony_events: {
    table: telephonyEvents,
    rowsOf: (s) => or(inArray(telephonyEvents.to, s.phones), inArray(telephonyEvents.id, s.telephonyEventIds))!,
    erasure: "Kept as the provider's record of a call or text, without the number or the message.",
    erase: (tx, s) =>
      tx
        .update(telephonyEvents)
        .set({ to: "", body: "" })
        .where(or(inArray(telephonyEvents.to, s.phones), inArray(telephonyEvents.id, s.telephonyEventIds))),
  },
  call_me_back_form: {
    table: callMeBackForm,
    rowsOf: (s) => inArray(callMeBackForm.phoneNumber, s.phones),
    erasure: "Deleted.",
    erase: (tx, s) => tx.delete(callMeBackForm).where(inArray(callMeBackForm.phoneNumber, s.phones)),
  },
  voucher_requests: {
    table: voucherRequests,
    rowsOf: (s) => or(eq(voucherRequests.email, s.email), inArray(voucherRequests.phone, s.phones))!,
    erasure: "Deleted.",
    erase: (tx, s) => tx.delete(voucherRequests).where(or(eq(voucherRequests.email, s.email), inArray(voucherRequests.phone, s.phones))),
  },
  stays: {
    table: stays,
    rowsOf: (s) => inArray(stays.id, s.stayIds),
    erasure: "Kept for the business's records (dates, suites, price) without personal data: the link to the household is cut and the notes are cleared.",
    erase: (tx, s) => tx.update(stays).set({ notes: "" }).where(inArray(stays.id, s.stayIds)),
  },
  stay_suites: {
    table: staySuites,
    rowsOf: (s) => inArray(staySuites.stayId, s.stayIds),
    erasure: "Kept: which suite the stay held on which nights (nothing personal).",
  },
  stay_cats: {
    table: stayCats,
    rowsOf: (s) => inArray(stayCats.stayId, s.stayIds),
    erasure: "Kept as how many cats stayed, without their names.",
    erase: (tx, s) => tx.update(stayCats).set({ catName: null }).where(inArray(stayCats.stayId, s.stayIds)),
  },
  stay_check_ins: {
    table: stayCheckIns,
    rowsOf: (s) => inArray(stayCheckIns.stayId, s.stayIds),
    erasure: "Deleted: the care plan confirmed for the stay and who to call.",
    erase: (tx, s) => tx.delete(stayCheckIns).where(inArray(stayCheckIns.stayId, s.stayIds)),
  },
  stay_pickup_people: {
    table: stayPickupPeople,
    rowsOf: (s) => inArray(stayPickupPeople.stayId, s.stayIds),
    erasure: "Deleted: the people allowed to collect the cat.",
    erase: (tx, s) => tx.delete(stayPickupPeople).where(inArray(stayPickupPeople.stayId, s.stayIds)),
  },
  stay_agreement_signatures: {
    table: stayAgreementSignatures,
    rowsOf: (s) => inArray(stayAgreementSignatures.stayId, s.stayIds),
    erasure: "Deleted: the signed boarding agreements (the name typed, the time, the address and browser, the text signed).",
    erase: (tx, s) => tx.delete(stayAgreementSignatures).where(inArray(stayAgreementSignatures.stayId, s.stayIds)),
  },
  // Before the codes: a release names the code it used.
  stay_releases: {
    table: stayReleases,
    rowsOf: (s) => inArray(stayReleases.stayId, s.stayIds),
    erasure: "Deleted: who collected the cat, which staff member released it, and a manager's reason.",
    erase: (tx, s) => tx.delete(stayReleases).where(inArray(stayReleases.stayId, s.stayIds)),
  },
  stay_pickup_attempts: {
    table: stayPickupAttempts,
    rowsOf: (s) => inArray(stayPickupAttempts.stayId, s.stayIds),
    erasure: "Deleted: the wrong pickup codes entered at the desk on the departure day (when, and by which staff member).",
    erase: (tx, s) => tx.delete(stayPickupAttempts).where(inArray(stayPickupAttempts.stayId, s.stayIds)),
  },
  stay_pickup_codes: {
    table: stayPickupCodes,
    rowsOf: (s) => inArray(stayPickupCodes.stayId, s.stayIds),
    withheld: { code_hash: "The hash of a pickup code texted on the departure day." },
    erasure: "Deleted: the pickup codes texted on the departure day, with the names and numbers they went to.",
    erase: (tx, s) => tx.delete(stayPickupCodes).where(inArray(stayPickupCodes.stayId, s.stayIds)),
  },
  stay_check_in_reminders: {
    table: stayCheckInReminders,
    rowsOf: (s) => inArray(stayCheckInReminders.stayId, s.stayIds),
    erasure: "Kept as the record that the check-in reminder was sent for the stay (nothing personal).",
  },
  stay_events: {
    table: stayEvents,
    rowsOf: (s) => inArray(stayEvents.stayId, s.stayIds),
    erasure: "Kept as the stay's history, with the customer no longer named in it.",
    erase: (tx, s) =>
      tx
        .update(stayEvents)
        .set({ actor: "customer" })
        .where(and(inArray(stayEvents.stayId, s.stayIds), eq(stayEvents.actor, `customer:${s.userId}`))),
  },
  care_entries: {
    table: careEntries,
    rowsOf: (s) => inArray(careEntries.stayId, s.stayIds),
    erasure: "Deleted: the care log of the household's cats (meals, litter, doses, notes).",
    erase: (tx, s) => tx.delete(careEntries).where(inArray(careEntries.stayId, s.stayIds)),
  },
  care_alerts: {
    table: careAlerts,
    rowsOf: (s) => inArray(careAlerts.stayId, s.stayIds),
    erasure: "Deleted: the care alerts raised about the household's cats (a missed meal or dose, a weight change).",
    erase: (tx, s) => tx.delete(careAlerts).where(inArray(careAlerts.stayId, s.stayIds)),
  },
  care_incidents: {
    table: careIncidents,
    rowsOf: (s) => inArray(careIncidents.stayId, s.stayIds),
    erasure: "Deleted: the incidents recorded during the household's stays (what happened, what was done).",
    erase: (tx, s) => tx.delete(careIncidents).where(inArray(careIncidents.stayId, s.stayIds)),
  },
  care_photo_variants: {
    table: carePhotoVariants,
    rowsOf: (s) => sql`${carePhotoVariants.entryId} in (select id from care_entries where ${inArray(careEntries.stayId, s.stayIds)})`,
    erasure: "Deleted with the care entries they belong to (the foreign key).",
  },
  dose_claims: {
    table: doseClaims,
    rowsOf: (s) => inArray(doseClaims.stayId, s.stayIds),
    erasure: "Deleted with the care entries they belong to (the foreign key): which entry gave each dose.",
  },
  care_diary_sends: {
    table: careDiarySends,
    rowsOf: (s) => (s.householdId ? eq(careDiarySends.householdId, s.householdId) : sql`false`),
    erasure: "Deleted with the account (the days the household was sent the evening diary).",
  },
  cat_handovers: {
    table: catHandovers,
    rowsOf: (s) => inArray(catHandovers.stayId, s.stayIds),
    erasure: "Deleted: what the desk weighed, counted and noted when the household's cats arrived and left.",
    erase: (tx, s) => tx.delete(catHandovers).where(inArray(catHandovers.stayId, s.stayIds)),
  },
  payments: {
    table: payments,
    rowsOf: (s) => inArray(payments.stayId, s.stayIds),
    erasure: "Kept for the business's accounts: the stay's deposit, its amount and the payment provider's ids (nothing personal).",
  },
  payment_refunds: {
    table: paymentRefunds,
    rowsOf: (s) => sql`${paymentRefunds.paymentId} in (select id from payments where ${inArray(payments.stayId, s.stayIds)})`,
    erasure: "Kept for the business's accounts, with the customer no longer named in them.",
    erase: (tx, s) =>
      tx
        .update(paymentRefunds)
        .set({ actor: "customer" })
        .where(
          and(
            eq(paymentRefunds.actor, `customer:${s.userId}`),
            sql`${paymentRefunds.paymentId} in (select id from payments where ${inArray(payments.stayId, s.stayIds)})`,
          ),
        ),
  },
  // The household's own free nights (ADR 0153); the household it referred is cleared from them when that one is deleted.
  referral_credit_entries: {
    table: referralCreditEntries,
    rowsOf: (s) => (s.householdId ? eq(referralCreditEntries.householdId, s.householdId) : sql`false`),
    erasure: `${CASCADE} A credit the household earned for a friend who deletes their account keeps the credit, without the link to that friend.`,
  },
  // The lines the desk added to the stay's bill (ADR 0192): what the stay was charged, a business record.
  stay_bill_lines: {
    table: stayBillLines,
    rowsOf: (s) => inArray(stayBillLines.stayId, s.stayIds),
    erasure:
      "Kept for the business's accounts (each line's kind, amount, who added it and who removed it); what the desk typed is the stay's price line, kept with the stay.",
  },
  receipts: {
    table: receipts,
    rowsOf: (s) => inArray(receipts.stayId, s.stayIds),
    erasure: "Kept for the business's accounts: the stay's receipt, its number and figures (prices and payments; nothing personal).",
  },
  // A refund's credit note (ADR 0193): the household and cats it names are read when its PDF is made, never stored.
  credit_notes: {
    table: creditNotes,
    rowsOf: (s) => inArray(creditNotes.stayId, s.stayIds),
    erasure: "Kept for the business's accounts: the refund's credit note, its number and figures (amounts and the refund's reason; nothing personal).",
  },
  // When the household was asked for a review after a stay (ADR 0167).
  review_requests: {
    table: reviewRequests,
    rowsOf: (s) => (s.householdId ? eq(reviewRequests.householdId, s.householdId) : sql`false`),
    erasure: CASCADE,
  },
  waitlist_entries: { table: waitlistEntries, rowsOf: (s) => (s.householdId ? eq(waitlistEntries.householdId, s.householdId) : sql`false`), erasure: CASCADE },
  mail_queue: {
    table: mailQueue,
    rowsOf: (s) => eq(mailQueue.toAddress, s.email),
    withheld: { sealed: "A one-time sign-in link and code, sealed with the server's key while the mail is on its way." },
    erasure: "Deleted, sent or not.",
    erase: (tx, s) => tx.delete(mailQueue).where(eq(mailQueue.toAddress, s.email)),
  },
  sms_queue: {
    table: smsQueue,
    // By stay too: a text may have gone to a number the household has since changed.
    rowsOf: (s) => or(inArray(smsQueue.stayId, s.stayIds), inArray(smsQueue.toPhone, s.phones))!,
    withheld: { sealed: "A one-time phone code, sealed with the server's key while the text is on its way." },
    erasure: "Deleted, sent or not.",
    erase: (tx, s) => tx.delete(smsQueue).where(or(inArray(smsQueue.stayId, s.stayIds), inArray(smsQueue.toPhone, s.phones))),
  },
  incoming_texts: {
    table: incomingTexts,
    // By household (the proven mobile or a stay's pickup person matched it when it came) and by proven number.
    rowsOf: (s) => or(s.householdId ? eq(incomingTexts.householdId, s.householdId) : sql`false`, inArray(incomingTexts.fromPhone, s.phones))!,
    erasure: "Deleted: the texts you sent us. Otherwise kept two years, then deleted.",
    erase: (tx, s) =>
      tx.delete(incomingTexts).where(or(s.householdId ? eq(incomingTexts.householdId, s.householdId) : sql`false`, inArray(incomingTexts.fromPhone, s.phones))),
  },
  text_replies: {
    table: textReplies,
    rowsOf: (s) => or(s.householdId ? eq(textReplies.householdId, s.householdId) : sql`false`, inArray(textReplies.toPhone, s.phones))!,
    erasure: "Deleted: our answers to your texts. Otherwise kept two years, then deleted.",
    erase: (tx, s) =>
      tx.delete(textReplies).where(or(s.householdId ? eq(textReplies.householdId, s.householdId) : sql`false`, inArray(textReplies.toPhone, s.phones))),
  },
  text_opt_outs: {
    table: textOptOuts,
    rowsOf: (s) => inArray(textOptOuts.phone, s.phones),
    erasure: "Deleted: with the account gone, nothing of ours texts the number.",
    erase: (tx, s) => tx.delete(textOptOuts).where(inArray(textOptOuts.phone, s.phones)),
  },
  newsletter_signups: {
    table: newsletterSignups,
    rowsOf: (s) => eq(newsletterSignups.email, s.email),
    withheld: { unsubscribe_token_hash: "The hash of the secret in the newsletter's unsubscribe link." },
    erasure: "Deleted.",
    erase: (tx, s) => tx.delete(newsletterSignups).where(eq(newsletterSignups.email, s.email)),
  },
};

/** Tables the export and the deletion leave alone, and why. */
export const OTHER_TABLES: Record<string, string> = {
  rate_limit_window_counts:
    "Request counters under a one-way hash of an e-mail, number or client address (ADR 0102), pruned once the hour or day they cover has passed.",
  rate_limit_recent_events:
    "Request times under a one-way hash of an e-mail, number or client address (ADR 0102), pruned once the window they cover has passed.",
  page_view_counts: "Daily counts per page: no visitor identifier at all.",
  site_content_revisions: "The site's texts as staff edited them.",
  media_images: "Review cards and team portraits uploaded by staff.",
  media_image_variants: "The resized copies of staff uploads.",
  wordpress_connections: "The business's own WordPress site credentials.",
  test_configurations: "The WordPress tooling's API test settings.",
  suite_types: "The hotel's suite types and rates.",
  suites: "The hotel's rooms.",
  stay_settings: "The hotel's house rules for stays, and the manager's mobile for care alerts (staff's, not a customer's).",
  receipt_counter: "The next receipt number (ADR 0154): one row, no customer identifier.",
  credit_note_counter: "The next credit note number (ADR 0193): one row, no customer identifier.",
  calendar_rules: "The hotel's peak periods, blackouts and closed days.",
  payment_webhook_events: "Which payment provider events were handled: event ids and amounts, no customer identifier.",
  grooming_services: "The grooming services' durations and prices.",
  groomers: "The groomers and their working week (staff, not customers).",
  groomer_days_off: "The groomers' days off.",
  backup_runs: "When each daily backup was taken and into which file: no customer identifier (ADR 0139).",
};

/** The subject behind an account: the ids and proven numbers that lead to its rows in the other tables. */
export async function findSubject(db: Db, userId: string): Promise<DataSubject | null> {
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [household] = await db.select({ id: households.id }).from(households).where(householdOf(userId));
  const catRows = household ? await db.select({ id: cats.id }).from(cats).where(eq(cats.householdId, household.id)) : [];
  const catIds = catRows.map((c) => c.id);
  const records = await db.select({ id: vaccineRecords.id }).from(vaccineRecords).where(inArray(vaccineRecords.catId, catIds));
  // The household's appointments (ADR 0146), and any row that somehow has none by the address the sign-in link proves.
  const bookings = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      or(household ? eq(appointments.householdId, household.id) : undefined, and(isNull(appointments.householdId), eq(appointments.customerEmail, user.email))),
    );
  const appointmentIds = bookings.map((b) => b.id);
  const stayRows = household ? await db.select({ id: stays.id }).from(stays).where(eq(stays.householdId, household.id)) : [];
  const stayIds = stayRows.map((r) => r.id);
  const proven = await db
    .select({ phone: phoneVerifications.phone })
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.userId, userId), isNotNull(phoneVerifications.verifiedAt)));
  const reminderTexts = await db
    .select({ id: telephonyEvents.id })
    .from(telephonyEvents)
    .innerJoin(appointmentReminders, eq(appointmentReminders.providerSid, telephonyEvents.sid))
    .where(inArray(appointmentReminders.appointmentId, appointmentIds));
  const stayTexts = await db
    .select({ id: telephonyEvents.id })
    .from(telephonyEvents)
    .innerJoin(smsQueue, and(eq(smsQueue.toPhone, telephonyEvents.to), eq(smsQueue.body, telephonyEvents.body)))
    .where(and(eq(telephonyEvents.kind, "sms"), inArray(smsQueue.stayId, stayIds)));
  // A pickup code's text is sealed in the queue (ADR 0162), so it is found by the code's number and day instead.
  const pickupTexts = await db
    .select({ id: telephonyEvents.id })
    .from(telephonyEvents)
    .innerJoin(
      stayPickupCodes,
      and(eq(stayPickupCodes.phone, telephonyEvents.to), sql`(${telephonyEvents.createdAt} at time zone ${BUSINESS_TIME_ZONE})::date = ${stayPickupCodes.day}`),
    )
    .where(and(eq(telephonyEvents.kind, "sms"), like(telephonyEvents.body, "%: the pickup code for %"), inArray(stayPickupCodes.stayId, stayIds)));
  return {
    userId: user.id,
    email: user.email,
    householdId: household?.id ?? null,
    catIds,
    vaccineRecordIds: records.map((r) => r.id),
    appointmentIds,
    stayIds,
    phones: proven.map((p) => p.phone),
    telephonyEventIds: [...new Set([...reminderTexts, ...stayTexts, ...pickupTexts].map((t) => t.id))],
  };
}
