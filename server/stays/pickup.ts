import crypto from "node:crypto";
import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import { businessDate, businessLocalToUtc, businessTime, nextBusinessDate } from "~/lib/business-time";
import { isUuid } from "~/lib/ids";
import { teamMemberName } from "~/domain/team-names";
import { loadSiteContent } from "../content/content";
import type { Db } from "../db/client";
import {
  PICKUP_WRONG_CODES_A_DAY,
  careAlerts,
  households,
  mailQueue,
  smsQueue,
  stayCats,
  stayEvents,
  stayPickupAttempts,
  stayPickupCodes,
  stayPickupPeople,
  stayReleases,
  stays,
  users,
} from "../db/schema/index";
import type { Env } from "../env";
import { codeSecret, hashCode, randomCode, safeEqualHex } from "../crypto/tokens";
import { AppError } from "../http/errors";
import type { Logger } from "../logger";
import { queueMail } from "../mail/queue";
import { pickupCodeMail, pickupCodeText } from "../messages/catalogue";
import { optOutOf } from "../telephony/opt-outs";
import { queueingJob } from "../periodic-job";
import { queueSms } from "../telephony/sms-queue";
import { STAY_NOT_FOUND } from "./stay";
import { inTransaction } from "../db/transaction";

/**
 * Pickup codes and the release of a cat (ADR 0162). On a stay's departure day, from 07:00 business
 * time, the owner and each pickup person named at check-in get a 6-digit code of their own by text;
 * the desk releases the cat to whoever shows a code of this stay for today, once, or a manager
 * releases it without a code and says why. Codes are kept only as a keyed hash, bound to their row,
 * and the text is sealed in the queue (ADR 0143): the database never holds a code readable.
 */

/** Codes are texted from this business time on the departure day. */
export const PICKUP_CODES_FROM = "07:00";

export const PICKUP_TEXT = {
  codeUsed: "This pickup code has already been used. Call the owner before releasing the cat.",
  codeWrong: "This pickup code is not right. Check it with the person, or call the owner.",
  codeExpired: "This pickup code has expired: codes are valid on the pickup day only. Call the owner.",
  noCodesToday: "No pickup code has been sent for this stay today. Call the owner, or ask a manager to release the cat with a reason.",
  notInHotel: "This cat is not checked in, so there is nothing to release.",
  notReleased: "This cat has not been released yet: release it with a pickup code, or a manager's override, before checking out.",
  overrideNeedsAdmin: "Only a Manager or an Owner may release a cat without a pickup code: ask one to confirm with their PIN.",
  overrideNeedsReason: "Say why the cat is released without a pickup code.",
  codesClosed: `${PICKUP_WRONG_CODES_A_DAY} wrong pickup codes were entered for this stay today, so pickup codes are closed for it until tomorrow. Call the owner; only a manager can release the cat now, with the override and a reason.`,
} as const;

/** A refusal of the code itself, shown beside the form's "Pickup code" field. */
const codeRefusal = (status: number, code: string, message: string) => new AppError(status, code, message, { fields: { code: message } });

const CODE_USED = () => codeRefusal(409, "PICKUP_CODE_USED", PICKUP_TEXT.codeUsed);
/** The code path is closed for the rest of the business day: Retry-After says when it opens again. */
const CODES_CLOSED = (now: Date) =>
  codeRefusal(429, "PICKUP_CODES_CLOSED", PICKUP_TEXT.codesClosed).retryAfter(
    businessLocalToUtc(nextBusinessDate(businessDate(now)), "00:00").getTime() - now.getTime(),
  );

const alreadyReleased = (release: StayRelease) =>
  new AppError(
    409,
    "CAT_ALREADY_RELEASED",
    release.method === "code"
      ? `This cat has already been released to ${release.collectedBy}. A stay is released once.`
      : "This cat has already been released by a manager's override. A stay is released once.",
  );

/** What sending codes needs: the database, the key of the codes' hash and of sealed texts, a logger. */
export interface PickupDeps {
  db: Db;
  env: Pick<Env, "SESSION_SECRET" | "ENCRYPTION_KEY" | "DATA_DIR" | "isProduction" | "PUBLIC_SITE_URL">;
  logger: Logger;
}

/** The staff member at the desk (from the page's guard). */
export interface ReleasingStaff {
  userId: string;
  email: string;
  isAdmin: boolean;
}

/**
 * A 6-digit code has a million values, so a plain hash would be reversed at once from a copy of the
 * table: it is an HMAC keyed with the server's secret and bound to its row's id, as the sign-in and
 * phone codes are.
 */
const hashPickupCode = (env: Pick<Env, "SESSION_SECRET">, id: string, code: string) => hashCode(code, `pickup:${id}`, codeSecret(env));

/** "Milo", "Milo & Luna": the cats of a stay as the texts name them. */
const catNamesOf = (names: (string | null)[]) => names.map((n) => n ?? "your cat").join(" & ") || "your cat";

// ---- sending the codes -------------------------------------------------------------------------

/** The queue key of a person's code of the day, texted or e-mailed: it is queued once, and the desk reads how it went by it. */
type PickupCodeMessage = "pickup-code" | "pickup-code-mail";
const pickupCodeKey = (kind: PickupCodeMessage, stayId: string, day: string, person: number) => `${kind}:${stayId}:${day}:${person}`;

/**
 * One pass: every stay checked in and leaving today (business time) gets, from 07:00, a code for
 * the owner (the household's mobile) and for each pickup person, each texted once. The claim is
 * the code's row (unique stay, day and person), inserted in the transaction that queues its text:
 * several processes, and restarts, send each code once.
 */
export async function sendPickupCodes(deps: PickupDeps, now: Date): Promise<{ due: number; queued: number }> {
  const { db } = deps;
  if (businessTime(now) < PICKUP_CODES_FROM) return { due: 0, queued: 0 };
  const today = businessDate(now);
  const leaving = await db
    .select({ id: stays.id, ownerName: households.name, ownerPhone: households.mobilePhone, ownerEmail: users.email })
    .from(stays)
    .innerJoin(households, eq(households.id, stays.householdId))
    .innerJoin(users, eq(users.id, households.userId))
    .where(and(eq(stays.checkOut, today), eq(stays.status, "checked_in")));
  if (leaving.length === 0) return { due: 0, queued: 0 };
  const ids = leaving.map((s) => s.id);
  const [people, sent, guests] = await Promise.all([
    db.select().from(stayPickupPeople).where(inArray(stayPickupPeople.stayId, ids)),
    db
      .select({ stayId: stayPickupCodes.stayId, person: stayPickupCodes.person })
      .from(stayPickupCodes)
      .where(and(inArray(stayPickupCodes.stayId, ids), eq(stayPickupCodes.day, today))),
    db.select({ stayId: stayCats.stayId, catName: stayCats.catName }).from(stayCats).where(inArray(stayCats.stayId, ids)),
  ]);
  const due = leaving.flatMap((stay) => {
    const owner = stay.ownerPhone
      ? [{ person: 0, name: stay.ownerName?.trim() || "The owner", phone: stay.ownerPhone, email: stay.ownerEmail as string | null }]
      : [];
    const others = people.filter((p) => p.stayId === stay.id).map((p) => ({ person: p.position, name: p.name, phone: p.phone, email: null }));
    return [...owner, ...others]
      .filter((r) => !sent.some((s) => s.stayId === stay.id && s.person === r.person))
      .map((r) => ({ ...r, stayId: stay.id, cats: catNamesOf(guests.filter((g) => g.stayId === stay.id).map((g) => g.catName)) }));
  });
  if (due.length === 0) return { due: 0, queued: 0 };
  const { business } = await loadSiteContent(db, deps.logger);
  let queued = 0;
  for (const recipient of due) {
    const id = crypto.randomUUID();
    const code = randomCode();
    const claimed = await inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(stayPickupCodes)
        .values({
          id,
          stayId: recipient.stayId,
          day: today,
          person: recipient.person,
          name: recipient.name,
          phone: recipient.phone,
          codeHash: hashPickupCode(deps.env, id, code),
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: stayPickupCodes.id });
      // Another process sent this person's code meanwhile.
      if (!row) return false;
      // A mobile that replied STOP gets no text (the queue withholds it and says why): the owner is
      // offered the code by e-mail instead (ADR 0191); a pickup person has only the number.
      if (recipient.email && (await optOutOf(tx, recipient.phone))) {
        await queueMail(
          tx,
          {
            dedupeKey: pickupCodeKey("pickup-code-mail", recipient.stayId, today, recipient.person),
            message: pickupCodeMail({ to: recipient.email, business, catNames: recipient.cats, code, siteUrl: deps.env.PUBLIC_SITE_URL }),
            stayId: recipient.stayId,
            sealWith: deps.env,
          },
          now,
        );
      }
      await queueSms(
        tx,
        {
          dedupeKey: pickupCodeKey("pickup-code", recipient.stayId, today, recipient.person),
          to: recipient.phone,
          body: pickupCodeText(business, recipient.cats, code),
          stayId: recipient.stayId,
          sealWith: deps.env,
        },
        now,
      );
      return true;
    });
    if (claimed) queued++;
  }
  return { due: due.length, queued };
}

/** Texts the day's pickup codes; every few minutes, so a stay checked in late in the day still gets them. */
export const pickupCodesJob = queueingJob("pickup codes", 5 * 60_000, sendPickupCodes);

// ---- the release -------------------------------------------------------------------------------

export type StayRelease = {
  releasedAt: Date;
  staffEmail: string;
  /** Who released the cat, by the name on their account (ADR 0196). */
  staffName: string;
} & ({ method: "code"; collectedBy: string; person: number | null } | { method: "override"; reason: string; confirmedBy: string | null });

/** Who collected the cat, for the check-out page; null while the cat is still here. */
export async function releaseOf(db: Db, stayId: string): Promise<StayRelease | null> {
  if (!isUuid(stayId)) throw STAY_NOT_FOUND();
  const [row] = await db
    .select({ release: stayReleases, person: stayPickupCodes.person, staffFullName: users.fullName })
    .from(stayReleases)
    .leftJoin(stayPickupCodes, eq(stayPickupCodes.id, stayReleases.codeId))
    .leftJoin(users, eq(users.id, stayReleases.staffUserId))
    .where(eq(stayReleases.stayId, stayId));
  if (!row) return null;
  const { release } = row;
  const common = {
    releasedAt: release.releasedAt,
    staffEmail: release.staffEmail,
    staffName: teamMemberName({ fullName: row.staffFullName, email: release.staffEmail }),
  };
  return release.overrideReason !== null
    ? { ...common, method: "override", reason: release.overrideReason, confirmedBy: release.confirmedByName }
    : { ...common, method: "code", collectedBy: release.collectedBy ?? "", person: row.person };
}

/** One who may collect the cat: the owner (person 0) or a pickup person named at online check-in. */
export interface Collector {
  person: number;
  name: string;
  /** E.164; the owner may have none on file, and then gets no code. */
  phone: string | null;
}

/**
 * How a person's code of the day reached them: texted; e-mailed, the owner's mobile having replied
 * STOP; or not at all, a pickup person's number having replied STOP (ADR 0191).
 */
export type PickupCodeChannel = "text" | "email" | "none";

/**
 * The check-out page's "Pickup": who may collect the cat, the codes sent today (business time) and how,
 * the wrong codes entered today (and whether they closed the code path) and, once it happened, the release.
 */
export async function pickupAtDesk(db: Db, stayId: string, now: Date) {
  if (!isUuid(stayId)) throw STAY_NOT_FOUND();
  const today = businessDate(now);
  // Which of today's codes went some other way than a text (sendPickupCodes' keys: person 0 to 3).
  const keysOf = (kind: PickupCodeMessage) => [0, 1, 2, 3].map((person) => pickupCodeKey(kind, stayId, today, person));
  const [[owner], people, codes, release, wrongCodesToday, mailed, withheld] = await Promise.all([
    db
      .select({ name: households.name, phone: households.mobilePhone })
      .from(stays)
      .innerJoin(households, eq(households.id, stays.householdId))
      .where(eq(stays.id, stayId)),
    db
      .select({ person: stayPickupPeople.position, name: stayPickupPeople.name, phone: stayPickupPeople.phone })
      .from(stayPickupPeople)
      .where(eq(stayPickupPeople.stayId, stayId))
      .orderBy(asc(stayPickupPeople.position)),
    db
      .select({ person: stayPickupCodes.person, name: stayPickupCodes.name, sentAt: stayPickupCodes.createdAt })
      .from(stayPickupCodes)
      .where(and(eq(stayPickupCodes.stayId, stayId), eq(stayPickupCodes.day, today)))
      .orderBy(asc(stayPickupCodes.person)),
    releaseOf(db, stayId),
    wrongCodesOn(db, stayId, today),
    db
      .select({ key: mailQueue.dedupeKey })
      .from(mailQueue)
      .where(inArray(mailQueue.dedupeKey, keysOf("pickup-code-mail"))),
    db
      .select({ key: smsQueue.dedupeKey })
      .from(smsQueue)
      .where(and(inArray(smsQueue.dedupeKey, keysOf("pickup-code")), eq(smsQueue.status, "withheld"))),
  ]);
  const wentBy = (person: number): PickupCodeChannel =>
    mailed.some((m) => m.key.endsWith(`:${person}`)) ? "email" : withheld.some((t) => t.key.endsWith(`:${person}`)) ? "none" : "text";
  const codesToday = codes.map(({ person, ...code }) => ({ ...code, by: wentBy(person) }));
  const collectors: Collector[] = [...(owner ? [{ person: 0, name: owner.name?.trim() || "The owner", phone: owner.phone }] : []), ...people];
  return { today, collectors, codesToday, release, wrongCodesToday, codesClosed: wrongCodesToday >= PICKUP_WRONG_CODES_A_DAY };
}

/** The stay, which must be in the hotel, and not released yet. */
async function stayToRelease(db: Db, stayId: string) {
  if (!isUuid(stayId)) throw STAY_NOT_FOUND();
  const [stay] = await db.select({ id: stays.id, status: stays.status }).from(stays).where(eq(stays.id, stayId));
  if (!stay) throw STAY_NOT_FOUND();
  return stay;
}

/**
 * Releases the cat to the person who shows a code of this stay for today (business time), unused.
 * Everything happens under the stay's row lock, in one transaction: the day's wrong codes are
 * counted (ADR 0176: after PICKUP_WRONG_CODES_A_DAY of them the code path is closed until the next
 * business day, even to the right code, and only a manager's override releases the cat), a wrong
 * one is recorded with the next number, and a right one is marked used with the release written.
 * Of several desks entering one code at once, exactly one wins, the others are told it was used.
 */
export async function releaseWithCode(
  deps: Pick<PickupDeps, "db" | "env">,
  input: { stayId: string; code: string; staff: ReleasingStaff },
  now: Date,
): Promise<StayRelease> {
  const { db } = deps;
  if (!isUuid(input.stayId)) throw STAY_NOT_FOUND();
  const today = businessDate(now);
  const code = input.code.trim();
  // A refusal that records a wrong code is answered after the transaction, which keeps the record.
  const refusal = await inTransaction(db, async (tx): Promise<AppError | null> => {
    const [stay] = await tx.select({ id: stays.id, status: stays.status }).from(stays).where(eq(stays.id, input.stayId)).for("update");
    if (!stay) throw STAY_NOT_FOUND();
    const wrongToday = await wrongCodesOn(tx, stay.id, today);
    if (wrongToday >= PICKUP_WRONG_CODES_A_DAY) return CODES_CLOSED(now);
    const codes = await tx.select().from(stayPickupCodes).where(eq(stayPickupCodes.stayId, stay.id));
    const matching = codes.filter((c) => safeEqualHex(hashPickupCode(deps.env, c.id, code), c.codeHash));
    const match = matching.find((c) => c.day === today);
    if (!match) {
      if (matching.length === 0 && !codes.some((c) => c.day === today)) return codeRefusal(409, "NO_PICKUP_CODES_TODAY", PICKUP_TEXT.noCodesToday);
      // Not one of today's codes: a wrong one (or another day's), counted against today's ten.
      const number = wrongToday + 1;
      await tx
        .insert(stayPickupAttempts)
        .values({ stayId: stay.id, day: today, number, staffUserId: input.staff.userId, staffEmail: input.staff.email, at: now });
      if (number >= PICKUP_WRONG_CODES_A_DAY) return CODES_CLOSED(now);
      return matching.length > 0
        ? codeRefusal(409, "PICKUP_CODE_EXPIRED", PICKUP_TEXT.codeExpired)
        : codeRefusal(400, "PICKUP_CODE_WRONG", PICKUP_TEXT.codeWrong);
    }
    if (match.usedAt) return CODE_USED();
    const [earlier] = await tx.select({ codeId: stayReleases.codeId }).from(stayReleases).where(eq(stayReleases.stayId, stay.id));
    if (earlier) return earlier.codeId === match.id ? CODE_USED() : alreadyReleased((await releaseOf(tx, stay.id))!);
    if (stay.status !== "checked_in") return new AppError(409, "STAY_NOT_IN_HOTEL", PICKUP_TEXT.notInHotel);

    const [used] = await tx
      .update(stayPickupCodes)
      .set({ usedAt: now })
      .where(and(eq(stayPickupCodes.id, match.id), isNull(stayPickupCodes.usedAt)))
      .returning({ id: stayPickupCodes.id });
    if (!used) throw CODE_USED();
    const [row] = await tx
      .insert(stayReleases)
      .values({ stayId: stay.id, codeId: match.id, collectedBy: match.name, staffUserId: input.staff.userId, staffEmail: input.staff.email, releasedAt: now })
      .onConflictDoNothing({ target: stayReleases.stayId })
      .returning();
    // Released meanwhile by a manager's override (which takes no row lock): the code stays unused.
    if (!row) throw alreadyReleased((await releaseOf(tx, stay.id))!);
    await tx.insert(stayEvents).values({
      stayId: stay.id,
      kind: "released",
      actor: `staff:${input.staff.email}`,
      detail: { method: "code", person: match.person, collectedBy: match.name },
      at: now,
    });
    await closeCareAlertsAtRelease(tx, stay.id, now);
    return null;
  });
  if (refusal) throw refusal;
  return (await releaseOf(db, input.stayId))!;
}

/**
 * In the release's transaction (ADR 0197): the stay's care alerts still open close themselves, so Today
 * shows no "Urgent" for a cat that is not here and the owner of the hotel is not texted about it. An
 * alert raised later (the weight change the check-out finds) stays open until someone acknowledges it.
 * Written here on the alerts' table: the care domain imports the stays', not the other way round.
 */
async function closeCareAlertsAtRelease(tx: Db, stayId: string, now: Date) {
  await tx
    .update(careAlerts)
    .set({ closedAt: now })
    .where(and(eq(careAlerts.stayId, stayId), isNull(careAlerts.acknowledgedAt), isNull(careAlerts.closedAt)));
}

/** How many wrong pickup codes the stay took on `day` (business time). */
async function wrongCodesOn(db: Db, stayId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ wrong: count() })
    .from(stayPickupAttempts)
    .where(and(eq(stayPickupAttempts.stayId, stayId), eq(stayPickupAttempts.day, day)));
  return row?.wrong ?? 0;
}

/**
 * A manager's release without a code (the person lost it, the owner called), with the reason kept: by
 * a Manager or an Owner, or by the front desk with a manager's confirmation on the same device (their
 * PIN, checked by `confirmByPin` before; ADR 0196), both names kept.
 */
export async function releaseWithOverride(
  db: Db,
  input: { stayId: string; reason: string; staff: ReleasingStaff; confirmedBy?: { userId: string; name: string } | null },
  now: Date,
): Promise<StayRelease> {
  const confirmedBy = input.staff.isAdmin ? null : (input.confirmedBy ?? null);
  if (!input.staff.isAdmin && !confirmedBy) throw new AppError(403, "RELEASE_OVERRIDE_FORBIDDEN", PICKUP_TEXT.overrideNeedsAdmin);
  const reason = input.reason.trim();
  if (!reason) throw new AppError(400, "RELEASE_REASON_NEEDED", PICKUP_TEXT.overrideNeedsReason, { fields: { reason: PICKUP_TEXT.overrideNeedsReason } });
  const stay = await stayToRelease(db, input.stayId);
  const released = await releaseOf(db, stay.id);
  if (released) throw alreadyReleased(released);
  if (stay.status !== "checked_in") throw new AppError(409, "STAY_NOT_IN_HOTEL", PICKUP_TEXT.notInHotel);
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(stayReleases)
      .values({
        stayId: stay.id,
        overrideReason: reason,
        staffUserId: input.staff.userId,
        staffEmail: input.staff.email,
        confirmedByUserId: confirmedBy?.userId ?? null,
        confirmedByName: confirmedBy?.name ?? null,
        releasedAt: now,
      })
      .onConflictDoNothing({ target: stayReleases.stayId })
      .returning();
    if (!row) throw alreadyReleased((await releaseOf(tx, stay.id))!);
    await tx.insert(stayEvents).values({
      stayId: stay.id,
      kind: "released",
      actor: `staff:${input.staff.email}`,
      detail: { method: "override", reason, ...(confirmedBy ? { confirmedBy: confirmedBy.name } : {}) },
      at: now,
    });
    await closeCareAlertsAtRelease(tx, stay.id, now);
  });
  return (await releaseOf(db, stay.id))!;
}
