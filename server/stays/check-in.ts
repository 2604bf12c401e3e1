import crypto from "node:crypto";
import { and, desc, eq, inArray, notExists, sql } from "drizzle-orm";
import type { Medication } from "~/domain/cat-options";
import { type CatCarePlan, type CheckInStatus, CHECK_IN_OPEN_STATUSES, MAX_STAY_MEDICATIONS, checkInOpen, checkInPath, checkInStatus } from "~/domain/check-in";
import type { AgreementSignature, CheckInPlan } from "~/features/stays/check-in-schema";
import { addBusinessDays, businessDate } from "~/lib/business-time";
import { isUuid } from "~/lib/ids";
import { loadEditableContent, loadSiteContent } from "../content/content";
import type { Db } from "../db/client";
import {
  cats,
  households,
  stayAgreementSignatures,
  stayCats,
  stayCheckInReminders,
  stayCheckIns,
  stayEvents,
  stayPickupPeople,
  stays,
  users,
} from "../db/schema/index";
import type { Env } from "../env";
import { AppError } from "../http/errors";
import type { Logger } from "../logger";
import { queueMail } from "../mail/queue";
import { checkInReminderMail } from "../messages/catalogue";
import { queueingJob } from "../periodic-job";
import { STAY_NOT_FOUND } from "./stay";
import { catNamesByStay } from "./guests";
import { repriceForCarePlan } from "./repricing";
import { householdOf } from "../db/owned";
import { inTransaction } from "../db/transaction";

/**
 * Online check-in (ADR 0158): the owner confirms the stay's care plan, names who may collect the
 * cat, and signs the boarding agreement; the e-mail two days before arrival asks for it. Where a
 * stay's check-in stands is `checkInStatus` (app/domain/check-in.ts), read here for My
 * Trips, the desk and the reminder alike.
 */

/** The published boarding agreement as it is signed: its words, its version and their hash. */
export interface PublishedAgreement {
  title: string;
  text: string;
  /** The first 12 hex digits of the SHA-256: any change of the words is a new version. */
  version: string;
  sha256: string;
  /** What is hashed and kept with a signature: the title, a blank line, the text. */
  document: string;
}

export async function publishedAgreement(db: Db): Promise<PublishedAgreement> {
  const { title, text } = (await loadEditableContent(db)).agreement;
  const document = `${title}\n\n${text}`;
  const sha256 = crypto.createHash("sha256").update(document, "utf8").digest("hex");
  return { title, text, version: sha256.slice(0, 12), sha256, document };
}

const CHECK_IN_CLOSED = () =>
  new AppError(409, "CHECK_IN_CLOSED", "Online check-in is open only for a booked stay that has not started. Please call us if anything has changed.");

/** The household's stay (another household's, an unknown or a malformed id: the same 404), with its cats. */
async function householdStay(db: Db, userId: string, stayId: string) {
  if (!isUuid(stayId)) throw STAY_NOT_FOUND();
  const [row] = await db
    .select({ stay: stays, householdId: households.id })
    .from(stays)
    .innerJoin(households, eq(households.id, stays.householdId))
    .where(and(eq(stays.id, stayId), householdOf(userId)));
  if (!row) throw STAY_NOT_FOUND();
  const guests = await db
    .select({ catId: stayCats.catId, catName: stayCats.catName, profile: cats })
    .from(stayCats)
    .leftJoin(cats, eq(cats.id, stayCats.catId))
    .where(eq(stayCats.stayId, stayId));
  return { stay: row.stay, householdId: row.householdId, guests };
}

/** The latest signature of each stay (the one that counts). */
export async function latestSignatures(db: Db, stayIds: readonly string[]) {
  if (stayIds.length === 0) return new Map<string, typeof stayAgreementSignatures.$inferSelect>();
  const rows = await db
    .selectDistinctOn([stayAgreementSignatures.stayId])
    .from(stayAgreementSignatures)
    .where(inArray(stayAgreementSignatures.stayId, [...stayIds]))
    .orderBy(stayAgreementSignatures.stayId, desc(stayAgreementSignatures.signedAt), desc(stayAgreementSignatures.id));
  return new Map(rows.map((r) => [r.stayId, r]));
}

/** Each stay's check-in status, by the one rule. */
export async function checkInStatuses(db: Db, stayIds: readonly string[]): Promise<Map<string, CheckInStatus>> {
  if (stayIds.length === 0) return new Map();
  const ids = [...stayIds];
  const [guests, plans, signatures] = await Promise.all([
    db.select({ stayId: stayCats.stayId, catId: stayCats.catId }).from(stayCats).where(inArray(stayCats.stayId, ids)),
    db.select({ stayId: stayCheckIns.stayId, cats: stayCheckIns.cats }).from(stayCheckIns).where(inArray(stayCheckIns.stayId, ids)),
    latestSignatures(db, ids),
  ]);
  return new Map(
    ids.map((id) => {
      const plan = plans.find((p) => p.stayId === id);
      const status = checkInStatus({
        stayCatIds: guests.flatMap((g) => (g.stayId === id && g.catId ? [g.catId] : [])),
        planCatIds: plan ? plan.cats.map((c) => c.catId) : null,
        signed: signatures.has(id),
      });
      return [id, status];
    }),
  );
}

const medicationsFromProfile = (meds: readonly Medication[]) =>
  meds.slice(0, MAX_STAY_MEDICATIONS).map((m) => ({ name: [m.name, m.dose].filter(Boolean).join(" "), times: m.times, doses: null as number | null }));

/**
 * What the check-in page shows: the stay, its status, the care plan as confirmed (else prefilled
 * from the cats' profiles and the household's emergency contact), who may collect the cat, the
 * latest signature and the agreement to sign.
 */
export async function checkInPage(db: Db, userId: string, stayId: string, now: Date) {
  const { stay, householdId, guests } = await householdStay(db, userId, stayId);
  const [[plan], pickup, signatures, [household], agreement] = await Promise.all([
    db.select().from(stayCheckIns).where(eq(stayCheckIns.stayId, stayId)),
    db.select().from(stayPickupPeople).where(eq(stayPickupPeople.stayId, stayId)).orderBy(stayPickupPeople.position),
    latestSignatures(db, [stayId]),
    db.select().from(households).where(eq(households.id, householdId)),
    publishedAgreement(db),
  ]);
  const signature = signatures.get(stayId) ?? null;
  const stayCatIds = guests.flatMap((g) => (g.catId ? [g.catId] : []));
  const status = checkInStatus({ stayCatIds, planCatIds: plan ? plan.cats.map((c) => c.catId) : null, signed: signature !== null });
  const catPlans = guests.flatMap((g) => {
    if (!g.catId) return [];
    const saved = plan?.cats.find((c) => c.catId === g.catId);
    const name = g.profile?.name ?? g.catName ?? "Your cat";
    if (saved) return [{ ...saved, catName: name, medications: saved.medications.map((m) => ({ ...m, doses: m.doses as number | null })) }];
    return [
      {
        catId: g.catId,
        catName: name,
        food: g.profile?.feedingInstructions ?? "",
        amountPerMeal: "",
        medications: medicationsFromProfile(g.profile?.medications ?? []),
        hidingAndFears: g.profile?.behaviourNotes ?? "",
        belongings: "",
      },
    ];
  });
  return {
    stay: {
      id: stay.id,
      status: stay.status,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      catNames: guests.map((g) => g.catName ?? "A cat"),
    },
    open: checkInOpen(stay, businessDate(now)),
    status,
    confirmedAt: plan?.confirmedAt.toISOString() ?? null,
    cats: catPlans,
    vetSpendLimit: plan ? plan.vetSpendLimitCents / 100 : null,
    contactName: plan?.contactName ?? household?.emergencyContactName ?? "",
    contactPhone: plan?.contactPhone ?? household?.emergencyContactPhone ?? null,
    pickup: pickup.map((p) => ({ name: p.name, phone: p.phone })),
    signature: signature && {
      signedName: signature.signedName,
      signedAt: signature.signedAt.toISOString(),
      version: signature.agreementVersion,
    },
    agreement: { title: agreement.title, text: agreement.text, version: agreement.version },
  };
}

function refuseUnlessOpen(stay: { status: (typeof stays.$inferSelect)["status"]; checkIn: string }, now: Date) {
  if (!checkInOpen(stay, businessDate(now))) throw CHECK_IN_CLOSED();
}

/**
 * Confirms the stay's care plan, who to call and who may collect the cat (at most three, which the
 * database holds too), replacing what was confirmed before. The plan names exactly the stay's cats.
 */
export async function confirmCheckInPlan(db: Db, userId: string, stayId: string, plan: CheckInPlan, now: Date) {
  const { stay, guests } = await householdStay(db, userId, stayId);
  refuseUnlessOpen(stay, now);
  const stayCatIds = guests.flatMap((g) => (g.catId ? [g.catId] : []));
  const posted = plan.cats.map((c) => c.catId);
  if (posted.length !== stayCatIds.length || stayCatIds.some((id) => !posted.includes(id)))
    throw new AppError(
      409,
      "CHECK_IN_CATS_CHANGED",
      "The cats on this stay have changed since you opened this page. Reload the page and check the plan again.",
    );
  const carePlans: CatCarePlan[] = plan.cats.map((c) => {
    const guest = guests.find((g) => g.catId === c.catId)!;
    return { ...c, catName: guest.profile?.name ?? guest.catName ?? "" };
  });
  await inTransaction(db, async (tx) => {
    const values = {
      cats: carePlans,
      vetSpendLimitCents: plan.vetSpendLimit * 100,
      contactName: plan.contactName,
      contactPhone: plan.contactPhone,
      confirmedAt: now,
    };
    await tx
      .insert(stayCheckIns)
      .values({ stayId, ...values })
      .onConflictDoUpdate({ target: stayCheckIns.stayId, set: values });
    await tx.delete(stayPickupPeople).where(eq(stayPickupPeople.stayId, stayId));
    if (plan.pickup.length > 0)
      await tx.insert(stayPickupPeople).values(plan.pickup.map((p, i) => ({ stayId, position: i + 1, name: p.name, phone: p.phone })));
    await tx
      .insert(stayEvents)
      .values({ stayId, kind: "check-in-plan-confirmed", actor: `customer:${userId}`, detail: { pickupPeople: plan.pickup.length }, at: now });
    // The plan says which cats take medication: the stay's medication charge follows it (ADR 0194).
    await repriceForCarePlan(tx, stayId, { actor: `customer:${userId}`, now });
  });
}

/** Where a signature was made: the client's address and its browser as it names itself. */
export interface SignatureOrigin {
  ipAddress: string;
  userAgent: string;
}

/**
 * Signs the published boarding agreement for the stay: the name as typed (another name than the
 * household's is kept as typed), the time, the origin, the version and hash of the words, and the
 * words. A text changed since the page was opened is refused, so nobody signs words they did not see.
 */
export async function signAgreement(db: Db, userId: string, stayId: string, input: AgreementSignature, origin: SignatureOrigin, now: Date) {
  const { stay } = await householdStay(db, userId, stayId);
  refuseUnlessOpen(stay, now);
  return recordSignature(db, stayId, input, origin, { actor: `customer:${userId}`, witness: null }, now);
}

/**
 * The agreement signed on the desk's device by an owner who did not check in online (ADR 0196): the
 * same words and version, the name they typed and their tick, kept like an online signature with the
 * desk's address and browser and the team member who witnessed it. Before the cat is checked in only.
 */
export async function signAgreementAtDesk(
  db: Db,
  stayId: string,
  input: Omit<AgreementSignature, "intent">,
  origin: SignatureOrigin,
  witness: { email: string; name: string },
  now: Date,
) {
  if (!isUuid(stayId)) throw STAY_NOT_FOUND();
  const [stay] = await db.select({ status: stays.status }).from(stays).where(eq(stays.id, stayId));
  if (!stay) throw STAY_NOT_FOUND();
  if (stay.status !== "confirmed")
    throw new AppError(409, "DESK_SIGNATURE_CLOSED", "The agreement is signed at the desk before the cat is checked in, on a confirmed stay.");
  return recordSignature(db, stayId, input, origin, { actor: `staff:${witness.email}`, witness: witness.name }, now);
}

/** Keeps a signature of the published words (refusing a version changed since the page was opened) and its event. */
async function recordSignature(
  db: Db,
  stayId: string,
  input: Omit<AgreementSignature, "intent">,
  origin: SignatureOrigin,
  by: { actor: string; witness: string | null },
  now: Date,
) {
  const agreement = await publishedAgreement(db);
  if (input.version !== agreement.version)
    throw new AppError(409, "AGREEMENT_CHANGED", "The boarding agreement has changed since you opened this page. Please read it again and sign.");
  return inTransaction(db, async (tx) => {
    const [signature] = await tx
      .insert(stayAgreementSignatures)
      .values({
        stayId,
        signedName: input.fullName,
        signedAt: now,
        ipAddress: origin.ipAddress.slice(0, 100),
        userAgent: origin.userAgent.slice(0, 1000),
        agreementVersion: agreement.version,
        agreementSha256: agreement.sha256,
        agreementText: agreement.document,
        witnessName: by.witness,
      })
      .returning();
    await tx.insert(stayEvents).values({
      stayId,
      kind: "agreement-signed",
      actor: by.actor,
      detail: { version: agreement.version, ...(by.witness ? { witness: by.witness } : {}) },
      at: now,
    });
    return signature!;
  });
}

// ---- the reminder ------------------------------------------------------------------------------

/** The reminder goes this many days before arrival. */
export const CHECK_IN_REMINDER_DAYS = 2;

type ReminderDeps = { db: Db; env: Pick<Env, "PUBLIC_SITE_URL">; logger: Logger };

/**
 * One pass of the check-in reminders: each stay arriving in two days whose check-in is not ready
 * gets one e-mail linking to its check-in page. It is claimed by inserting the stay's row in
 * `stay_check_in_reminders` in the transaction that queues the mail (ADR 0143): several processes
 * running this at once send it once.
 */
export async function runCheckInReminders(deps: ReminderDeps, now: Date) {
  const { db } = deps;
  const arriving = addBusinessDays(businessDate(now), CHECK_IN_REMINDER_DAYS);
  const waiting = await db
    .select({ id: stays.id, checkIn: stays.checkIn, checkOut: stays.checkOut, email: users.email, name: households.name })
    .from(stays)
    .innerJoin(households, eq(households.id, stays.householdId))
    .innerJoin(users, eq(users.id, households.userId))
    .where(
      and(
        eq(stays.checkIn, arriving),
        inArray(stays.status, [...CHECK_IN_OPEN_STATUSES]),
        notExists(
          db
            .select({ one: sql`1` })
            .from(stayCheckInReminders)
            .where(eq(stayCheckInReminders.stayId, stays.id)),
        ),
      ),
    );
  if (waiting.length === 0) return { due: 0, queued: 0 };
  const statuses = await checkInStatuses(
    db,
    waiting.map((d) => d.id),
  );
  const toRemind = waiting.filter((d) => statuses.get(d.id) !== "ready");
  if (toRemind.length === 0) return { due: 0, queued: 0 };
  const { business } = await loadSiteContent(db, deps.logger);
  const guests = await catNamesByStay(
    db,
    toRemind.map((d) => d.id),
  );
  let queued = 0;
  for (const stay of toRemind) {
    const claimed = await inTransaction(db, async (tx) => {
      const [claim] = await tx.insert(stayCheckInReminders).values({ stayId: stay.id, sentAt: now }).onConflictDoNothing().returning();
      if (!claim) return false;
      await queueMail(
        tx,
        {
          dedupeKey: `check-in-reminder:${stay.id}`,
          stayId: stay.id,
          message: checkInReminderMail({
            to: stay.email,
            name: stay.name,
            catNames: (guests.get(stay.id) ?? []).map((name) => name ?? "your cat"),
            stay,
            checkInUrl: `${deps.env.PUBLIC_SITE_URL}${checkInPath(stay.id)}`,
            business,
            siteUrl: deps.env.PUBLIC_SITE_URL,
          }),
        },
        now,
      );
      return true;
    });
    if (claimed) queued++;
  }
  return { due: toRemind.length, queued };
}

/** Sends the check-in reminders every hour; what was sent is in the database, so restarts and several processes are safe. */
export const checkInReminderJob = queueingJob("check-in reminders", 60 * 60_000, runCheckInReminders);
