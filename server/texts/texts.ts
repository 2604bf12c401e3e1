import crypto from "node:crypto";
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { SiteBusiness } from "~/features/content/site-content";
import type { StayTextView } from "~/domain/stay-texts";
import { addBusinessDays, businessDate, businessLocalToUtc, businessTime } from "~/lib/business-time";
import { toE164 } from "~/lib/phone";
import { type Db, rowsOf } from "../db/client";
import { households, incomingTexts, phoneVerifications, smsQueue, stayPickupPeople, stays, textOptOuts, textReplies } from "../db/schema/index";
import { AppError } from "../http/errors";
import { helpReplyText } from "../messages/catalogue";
import type { PeriodicJob } from "../periodic-job";
import { keywordOf, optIn, optOut } from "../telephony/opt-outs";
import { queueSms } from "../telephony/sms-queue";
import { inTransaction } from "../db/transaction";

/**
 * Texts are conversations (ADR 0191): what owners text the hotel's number is stored once per
 * provider message id, matched to the household whose proven mobile (or a stay's pickup person's
 * number) sent it, shown to the desk in the Messages inbox, on the stay and on Today, and answered
 * through the text queue. The carriers' keywords are honoured for every later text: STOP and its kin
 * opt the number out, START and its kin back in, HELP is answered with the hotel's name and phone.
 */

/** What the provider (Twilio's webhook, or the simulated provider's form) hands over. */
export interface IncomingText {
  /** The provider's message id (Twilio's MessageSid): one row per id. */
  messageSid: string;
  from: string;
  to: string;
  body: string;
}

/** A text's sender as the desk knows them. */
export interface Sender {
  householdId: string | null;
  name: string | null;
  /** The household's stay in the hotel now (checked in), if any. */
  stayId: string | null;
}

/** The longest body kept: Twilio's own limit for one message is 1,600 characters; longer is kept whole up to this. */
export const MAX_STORED_BODY = 20_000;

/** A number as the desk reads it: E.164 when it is a US number, otherwise as the provider sent it. */
export const normalizedSender = (from: string) => toE164(from) ?? from.trim();

/**
 * Who sent a text from `phone`: the household whose mobile is proven to be that number (ADR 0140),
 * or else the household whose latest stay names it as a pickup person's; and that household's stay in
 * the hotel now.
 */
export async function senderOf(db: Db, phone: string): Promise<Sender> {
  const [owner] = await db
    .select({ householdId: households.id, name: households.name })
    .from(households)
    .innerJoin(phoneVerifications, and(eq(phoneVerifications.userId, households.userId), eq(phoneVerifications.phone, households.mobilePhone)))
    .where(and(eq(households.mobilePhone, phone), isNotNull(phoneVerifications.verifiedAt)))
    .limit(1);
  const found =
    owner ??
    (
      await db
        .select({ householdId: stays.householdId, name: stayPickupPeople.name })
        .from(stayPickupPeople)
        .innerJoin(stays, eq(stays.id, stayPickupPeople.stayId))
        .where(and(eq(stayPickupPeople.phone, phone), isNotNull(stays.householdId)))
        .orderBy(desc(stays.checkIn))
        .limit(1)
    )[0];
  if (!found?.householdId) return { householdId: null, name: null, stayId: null };
  return { householdId: found.householdId, name: found.name, stayId: await stayInHotel(db, found.householdId) };
}

/** The household's stay in the hotel now (checked in), the latest if several. */
async function stayInHotel(db: Db, householdId: string): Promise<string | null> {
  const [stay] = await db
    .select({ id: stays.id })
    .from(stays)
    .where(and(eq(stays.householdId, householdId), eq(stays.status, "checked_in")))
    .orderBy(desc(stays.checkIn))
    .limit(1);
  return stay?.id ?? null;
}

export interface ReceiveDeps {
  db: Db;
  /** The hotel's published name and phone, for the answer to HELP; read only when a HELP arrives. */
  business: () => Promise<Pick<SiteBusiness, "name" | "phone">>;
}

/**
 * Stores a text that came in, once per message id (a replayed webhook stores nothing new and answers
 * `stored: false`), and acts on a keyword in the same transaction: STOP records the opt-out, START
 * removes it, HELP queues the answer. A keyword is filed as done at once: nobody needs to answer it.
 */
export async function receiveText(deps: ReceiveDeps, text: IncomingText, now: Date): Promise<{ stored: boolean; id: string | null; queuedHelp: boolean }> {
  const from = normalizedSender(text.from);
  const body = text.body.slice(0, MAX_STORED_BODY);
  const keyword = keywordOf(body);
  const business = keyword === "help" ? await deps.business() : null;
  const store = async (db: Db) => {
    const [row] = await db
      .insert(incomingTexts)
      .values({
        messageSid: text.messageSid,
        fromPhone: from,
        toPhone: text.to.trim(),
        body,
        keyword,
        ...senderColumns(from),
        receivedAt: now,
        ...(keyword ? { readAt: now, doneAt: now, doneBy: "Answered automatically" } : {}),
      })
      .onConflictDoNothing({ target: incomingTexts.messageSid })
      .returning({ id: incomingTexts.id });
    return row ?? null;
  };
  // A message is one statement (the sender worked out inside it): no transaction to hold.
  if (!keyword) {
    const row = await store(deps.db);
    return { stored: row !== null, id: row?.id ?? null, queuedHelp: false };
  }
  return inTransaction(deps.db, async (tx) => {
    const row = await store(tx);
    if (!row) return { stored: false, id: null, queuedHelp: false };
    if (keyword === "stop") await optOut(tx, from, body.trim().toUpperCase().slice(0, 20), now);
    if (keyword === "start") await optIn(tx, from);
    let queuedHelp = false;
    if (keyword === "help" && business) {
      queuedHelp = (await queueSms(tx, { dedupeKey: `text-help:${text.messageSid}`, to: from, body: helpReplyText(business) }, now)) !== null;
    }
    return { stored: true, id: row.id, queuedHelp };
  });
}

/**
 * `senderOf` inside the INSERT: the household of the proven mobile, else of the latest stay naming the
 * number as a pickup person's; that household's stay checked in; the sender's name as it is now.
 */
function senderColumns(phone: string) {
  const owner = sql`(select h.id, h.name from ${households} h
      join ${phoneVerifications} v on v.user_id = h.user_id and v.phone = h.mobile_phone
      where h.mobile_phone = ${phone} and v.verified_at is not null limit 1)`;
  const pickup = sql`(select s.household_id as id, p.name from ${stayPickupPeople} p
      join ${stays} s on s.id = p.stay_id
      where p.phone = ${phone} and s.household_id is not null order by s.check_in desc limit 1)`;
  const household = sql`coalesce((select o.id from ${owner} o), (select k.id from ${pickup} k))`;
  return {
    householdId: sql`${household}`,
    senderName: sql`case when exists (select 1 from ${owner} o) then (select o.name from ${owner} o) else (select k.name from ${pickup} k) end`,
    stayId: sql`(select st.id from ${stays} st where st.household_id = ${household} and st.status = 'checked_in' order by st.check_in desc limit 1)`,
  };
}

// ---- the desk's inbox ------------------------------------------------------------------------------

/** A conversation is a household's (all its numbers), or an unknown number's. */
export type ConversationKey = { householdId: string } | { phone: string };

export const conversationKeyOf = (row: { householdId: string | null; fromPhone: string }): string =>
  row.householdId ? `household:${row.householdId}` : `phone:${row.fromPhone}`;

/** Reads a key from a page's address; an unknown shape is a 404, as an unknown conversation is. */
export function parseConversationKey(key: string): ConversationKey {
  const [kind, value] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  if (kind === "household" && /^[0-9a-f-]{36}$/i.test(value)) return { householdId: value };
  if (kind === "phone" && value.length > 0 && value.length <= 64) return { phone: value };
  throw new AppError(404, "CONVERSATION_NOT_FOUND", "That conversation does not exist.");
}

const inConversation = (key: ConversationKey) =>
  "householdId" in key ? eq(incomingTexts.householdId, key.householdId) : and(isNull(incomingTexts.householdId), eq(incomingTexts.fromPhone, key.phone));

export interface ConversationSummary {
  key: string;
  householdId: string | null;
  name: string | null;
  phone: string;
  lastBody: string;
  lastAt: Date;
  unread: number;
  open: number;
  stayId: string | null;
}

/**
 * The inbox: one line per conversation, newest message first, with its unread and open counts and
 * the household's stay in the hotel now. `done: false` lists those with a message not marked done.
 */
export async function conversations(db: Db, options: { limit?: number } = {}): Promise<{ known: ConversationSummary[]; unknown: ConversationSummary[] }> {
  const limit = options.limit ?? 100;
  const rows = await rowsOf<{
    household_id: string | null;
    from_phone: string;
    name: string | null;
    last_body: string;
    last_at: string | Date;
    unread: number;
    open: number;
    stay_id: string | null;
  }>(
    db,
    sql`
    with grouped as (
      select coalesce(${incomingTexts.householdId}::text, 'phone:' || ${incomingTexts.fromPhone}) as conversation,
             ${incomingTexts.householdId} as household_id,
             ${incomingTexts.fromPhone} as from_phone,
             ${incomingTexts.senderName} as sender_name,
             ${incomingTexts.body} as body,
             ${incomingTexts.receivedAt} as received_at,
             ${incomingTexts.readAt} as read_at,
             ${incomingTexts.doneAt} as done_at,
             row_number() over (partition by coalesce(${incomingTexts.householdId}::text, 'phone:' || ${incomingTexts.fromPhone}) order by ${incomingTexts.receivedAt} desc, ${incomingTexts.id} desc) as n
      from ${incomingTexts}
    )
    select g.household_id, g.from_phone, coalesce(h.name, g.sender_name) as name, g.body as last_body, g.received_at as last_at,
           (select count(*)::int from grouped u where u.conversation = g.conversation and u.read_at is null) as unread,
           (select count(*)::int from grouped o where o.conversation = g.conversation and o.done_at is null) as open,
           (select s.id from ${stays} s where s.household_id = g.household_id and s.status = 'checked_in' order by s.check_in desc limit 1) as stay_id
    from grouped g
    left join ${households} h on h.id = g.household_id
    where g.n = 1
    order by g.received_at desc
    limit ${limit}`,
  );
  const summaries = rows.map((r): ConversationSummary => ({
    key: conversationKeyOf({ householdId: r.household_id, fromPhone: r.from_phone }),
    householdId: r.household_id,
    name: r.name,
    phone: r.from_phone,
    lastBody: r.last_body,
    lastAt: new Date(r.last_at),
    unread: Number(r.unread),
    open: Number(r.open),
    stayId: r.stay_id,
  }));
  return { known: summaries.filter((c) => c.householdId), unknown: summaries.filter((c) => !c.householdId) };
}

/**
 * How many texts no one has opened yet: the menus' count. `opening`: the conversation the page being
 * loaded opens (its loader marks it read while the menu's runs), which the count leaves out.
 */
export async function unreadTextCount(db: Db, opening?: string | null): Promise<number> {
  let except: ConversationKey | null = null;
  try {
    except = opening ? parseConversationKey(opening) : null;
  } catch {
    except = null;
  }
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(incomingTexts)
    .where(and(isNull(incomingTexts.readAt), except ? sql`not (${inConversation(except)})` : undefined));
  return Number(row?.n ?? 0);
}

export interface ConversationEntry {
  id: string;
  direction: "in" | "out";
  body: string;
  at: Date;
  /** Who: the sender's name for a text in, the staff member (or "Automatic") for one out. */
  by: string | null;
  phone: string;
  /** A text out that the queue did not send, and why (a number that replied STOP). */
  notSent: string | null;
  keyword: "stop" | "start" | "help" | null;
}

export interface Conversation {
  key: string;
  householdId: string | null;
  name: string | null;
  /** The number an answer goes to: the one the latest text came from. */
  replyTo: string;
  optedOut: Date | null;
  stayId: string | null;
  entries: ConversationEntry[];
  open: number;
  /** Its texts no one has opened yet. */
  unread: number;
}

/**
 * One conversation, oldest first: the texts that came in, the desk's answers, and the texts the hotel
 * sent those numbers (pickup codes, reminders, incidents), each as the queue has it. Only reads: the
 * page marks what it shows read with `markConversationRead` (a loader never writes, ADR 0203).
 */
export async function openConversation(db: Db, keyText: string): Promise<Conversation> {
  const key = parseConversationKey(keyText);
  const incoming = await db.select().from(incomingTexts).where(inConversation(key)).orderBy(incomingTexts.receivedAt).limit(500);
  if (incoming.length === 0) throw new AppError(404, "CONVERSATION_NOT_FOUND", "That conversation does not exist.");
  const phones = [...new Set(incoming.map((t) => t.fromPhone))];
  const latest = incoming[incoming.length - 1]!;
  const since = incoming[0]!.receivedAt;
  const [replies, sent, optedOut, household] = await Promise.all([
    db
      .select()
      .from(textReplies)
      .where(and(inArray(textReplies.toPhone, phones), gt(textReplies.createdAt, new Date(since.getTime() - 1)))),
    db
      .select({ id: smsQueue.id, body: smsQueue.body, to: smsQueue.toPhone, at: smsQueue.createdAt, status: smsQueue.status, lastError: smsQueue.lastError })
      .from(smsQueue)
      .where(and(inArray(smsQueue.toPhone, phones), gt(smsQueue.createdAt, new Date(since.getTime() - 7 * 86_400_000))))
      .orderBy(desc(smsQueue.createdAt))
      .limit(100),
    db.select().from(textOptOuts).where(eq(textOptOuts.phone, latest.fromPhone)).limit(1),
    "householdId" in key ? db.select({ name: households.name }).from(households).where(eq(households.id, key.householdId)).limit(1) : Promise.resolve([]),
  ]);
  const replyQueueIds = new Set(replies.map((r) => r.smsQueueId));
  const statusOf = new Map(sent.map((s) => [s.id, s]));
  const entries: ConversationEntry[] = [
    ...incoming.map((t): ConversationEntry => ({
      id: t.id,
      direction: "in",
      body: t.body,
      at: t.receivedAt,
      by: t.senderName,
      phone: t.fromPhone,
      notSent: null,
      keyword: t.keyword,
    })),
    ...replies.map((r): ConversationEntry => {
      const queued = r.smsQueueId ? statusOf.get(r.smsQueueId) : undefined;
      return {
        id: r.id,
        direction: "out",
        body: r.body,
        at: r.createdAt,
        by: r.sentBy,
        phone: r.toPhone,
        notSent: queued?.status === "withheld" ? queued.lastError : null,
        keyword: null,
      };
    }),
    ...sent
      .filter((s) => !replyQueueIds.has(s.id))
      .map((s): ConversationEntry => ({
        id: s.id,
        direction: "out",
        body: s.body,
        at: s.at,
        by: "Automatic",
        phone: s.to,
        notSent: s.status === "withheld" ? s.lastError : null,
        keyword: null,
      })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  const householdId = "householdId" in key ? key.householdId : null;
  return {
    key: keyText,
    householdId,
    name: household[0]?.name ?? latest.senderName,
    replyTo: latest.fromPhone,
    optedOut: optedOut[0]?.optedOutAt ?? null,
    stayId: householdId ? await stayInHotel(db, householdId) : null,
    entries,
    open: incoming.filter((t) => !t.doneAt).length,
    unread: incoming.filter((t) => !t.readAt).length,
  };
}

/**
 * Marks the conversation's texts read, as the desk opened it (the page posts this once it shows them).
 * Safe to post twice: a text read stays read at its first time. Answers how many it marked.
 */
export async function markConversationRead(db: Db, conversation: string, now: Date): Promise<number> {
  const key = parseConversationKey(conversation);
  const read = await db
    .update(incomingTexts)
    .set({ readAt: now })
    .where(and(inConversation(key), isNull(incomingTexts.readAt), lte(incomingTexts.receivedAt, now)))
    .returning({ id: incomingTexts.id });
  return read.length;
}

/** Who answers or files a conversation: the signed-in staff member. */
export interface DeskStaff {
  userId: string;
  email: string;
}

/**
 * The desk answers a conversation: the answer is written and queued in one transaction, to the number
 * the latest text came from. `replyKey` comes with the form, so posting it twice sends one text.
 * Answers `queueId` to kick the queue with, null when nothing new was queued (a repeat, or a number
 * that opted out: the queue keeps it withheld and the conversation shows why).
 */
export async function replyToConversation(
  db: Db,
  staff: DeskStaff,
  input: { conversation: string; replyKey: string; body: string },
  now: Date,
): Promise<{ replyId: string; repeated: boolean }> {
  const key = parseConversationKey(input.conversation);
  const [latest] = await db
    .select({ fromPhone: incomingTexts.fromPhone, stayId: incomingTexts.stayId })
    .from(incomingTexts)
    .where(inConversation(key))
    .orderBy(desc(incomingTexts.receivedAt))
    .limit(1);
  if (!latest) throw new AppError(404, "CONVERSATION_NOT_FOUND", "That conversation does not exist.");
  if (!/^\+1[2-9]\d{2}[2-9]\d{6}$/.test(latest.fromPhone))
    throw new AppError(409, "CANNOT_TEXT_NUMBER", "This number cannot be texted from here (it is not a US mobile number): call or e-mail instead.");
  const householdId = "householdId" in key ? key.householdId : null;
  return inTransaction(db, async (tx) => {
    const id = crypto.randomUUID();
    const [reply] = await tx
      .insert(textReplies)
      .values({
        id,
        replyKey: input.replyKey,
        householdId,
        toPhone: latest.fromPhone,
        body: input.body,
        sentByUserId: staff.userId,
        sentBy: staff.email,
        createdAt: now,
      })
      .onConflictDoNothing({ target: textReplies.replyKey })
      .returning({ id: textReplies.id });
    if (!reply) {
      const [earlier] = await tx.select({ id: textReplies.id }).from(textReplies).where(eq(textReplies.replyKey, input.replyKey)).limit(1);
      return { replyId: earlier!.id, repeated: true };
    }
    const queueId = await queueSms(tx, { dedupeKey: `text-reply:${id}`, to: latest.fromPhone, body: input.body, stayId: latest.stayId ?? undefined }, now);
    await tx.update(textReplies).set({ smsQueueId: queueId }).where(eq(textReplies.id, id));
    // An answer is read: the texts it answers are no longer unread.
    await tx
      .update(incomingTexts)
      .set({ readAt: now })
      .where(and(inConversation(key), isNull(incomingTexts.readAt), lte(incomingTexts.receivedAt, now)));
    return { replyId: id, repeated: false };
  });
}

/** Files a conversation as done: its texts so far leave the open list (a later text opens it again). Safe to post twice. */
export async function markConversationDone(db: Db, staff: DeskStaff, conversation: string, now: Date): Promise<number> {
  const key = parseConversationKey(conversation);
  const done = await db
    .update(incomingTexts)
    .set({ doneAt: now, doneBy: staff.email, readAt: sql`coalesce(${incomingTexts.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(inConversation(key), isNull(incomingTexts.doneAt), lte(incomingTexts.receivedAt, now)))
    .returning({ id: incomingTexts.id });
  return done.length;
}

// ---- on the stay and on Today -----------------------------------------------------------------------

/** A text as the stay's page and Today show it, with the stay and household it is filed under. */
export interface StayText extends StayTextView {
  stayId: string | null;
  householdId: string | null;
}

/** Whether a text has an answer from the desk since it came (to any of the conversation's numbers). */
const answeredSql = sql<boolean>`exists (select 1 from ${textReplies} r where r.to_phone = ${incomingTexts.fromPhone} and r.created_at >= ${incomingTexts.receivedAt})`;

const stayTextColumns = {
  id: incomingTexts.id,
  stayId: incomingTexts.stayId,
  householdId: incomingTexts.householdId,
  from: incomingTexts.senderName,
  phone: incomingTexts.fromPhone,
  body: incomingTexts.body,
  receivedAt: incomingTexts.receivedAt,
  answered: answeredSql,
  alertedAt: incomingTexts.alertedAt,
};

const toStayText = (r: {
  id: string;
  stayId: string | null;
  householdId: string | null;
  from: string | null;
  phone: string;
  body: string;
  receivedAt: Date;
  answered: boolean;
  alertedAt: Date | null;
}): StayText => ({
  id: r.id,
  stayId: r.stayId,
  householdId: r.householdId,
  from: r.from,
  phone: r.phone,
  body: r.body,
  receivedAt: r.receivedAt,
  conversation: conversationKeyOf({ householdId: r.householdId, fromPhone: r.phone }),
  answered: Boolean(r.answered),
  alerted: r.alertedAt !== null,
});

/** The texts that came in during a stay (its household's, since the stay was checked in), newest first. */
export async function textsOfStay(db: Db, stayId: string): Promise<StayText[]> {
  const rows = await db
    .select(stayTextColumns)
    .from(incomingTexts)
    .where(and(eq(incomingTexts.stayId, stayId), isNull(incomingTexts.keyword)))
    .orderBy(desc(incomingTexts.receivedAt))
    .limit(50);
  return rows.map(toStayText);
}

/** Today: the texts from households with a stay in the hotel that are not marked done, newest first. */
export async function openStayTexts(db: Db): Promise<StayText[]> {
  const rows = await db
    .select(stayTextColumns)
    .from(incomingTexts)
    .innerJoin(stays, eq(stays.id, incomingTexts.stayId))
    .where(and(eq(stays.status, "checked_in"), isNull(incomingTexts.doneAt), isNull(incomingTexts.keyword)))
    .orderBy(desc(incomingTexts.receivedAt))
    .limit(50);
  return rows.map(toStayText);
}

// ---- the unanswered-text alert -----------------------------------------------------------------------

/** The desk answers texts from 08:00 to 18:00 (the phone hours), every day. */
export const TEXT_DESK_OPENS = "08:00";
export const TEXT_DESK_CLOSES = "18:00";
export const ANSWER_WITHIN_MINUTES = 30;

/** When a text received at `receivedAt` counts as unanswered: 30 minutes of desk hours later. */
export function answerDueAt(receivedAt: Date): Date {
  let day = businessDate(receivedAt);
  const time = businessTime(receivedAt);
  let start = receivedAt;
  if (time < TEXT_DESK_OPENS) start = businessLocalToUtc(day, TEXT_DESK_OPENS);
  else if (time >= TEXT_DESK_CLOSES) {
    day = addBusinessDays(day, 1);
    start = businessLocalToUtc(day, TEXT_DESK_OPENS);
  }
  const due = new Date(start.getTime() + ANSWER_WITHIN_MINUTES * 60_000);
  const closes = businessLocalToUtc(day, TEXT_DESK_CLOSES);
  if (due <= closes) return due;
  return new Date(businessLocalToUtc(addBusinessDays(day, 1), TEXT_DESK_OPENS).getTime() + (due.getTime() - closes.getTime()));
}

/**
 * Raises the alert of each text from a household in the hotel left unanswered (no answer, not marked
 * done) 30 minutes of desk hours after it came: once, by the row's `alerted_at`, claimed in one
 * UPDATE so several processes raise it once. Answers the texts it raised.
 */
export async function raiseUnansweredTextAlerts(db: Db, now: Date): Promise<string[]> {
  const candidates = await db
    .select({ id: incomingTexts.id, receivedAt: incomingTexts.receivedAt, answered: answeredSql })
    .from(incomingTexts)
    .innerJoin(stays, eq(stays.id, incomingTexts.stayId))
    .where(
      and(
        eq(stays.status, "checked_in"),
        isNull(incomingTexts.doneAt),
        isNull(incomingTexts.alertedAt),
        isNull(incomingTexts.keyword),
        lt(incomingTexts.receivedAt, new Date(now.getTime() - ANSWER_WITHIN_MINUTES * 60_000)),
        gt(incomingTexts.receivedAt, new Date(now.getTime() - 7 * 86_400_000)),
      ),
    )
    .limit(200);
  const due = candidates.filter((c) => !c.answered && answerDueAt(c.receivedAt) <= now).map((c) => c.id);
  if (due.length === 0) return [];
  const raised = await db
    .update(incomingTexts)
    .set({ alertedAt: now })
    .where(and(inArray(incomingTexts.id, due), isNull(incomingTexts.alertedAt)))
    .returning({ id: incomingTexts.id });
  return raised.map((r) => r.id);
}

export const unansweredTextsJob: PeriodicJob = {
  name: "unanswered texts",
  everyMs: 60_000,
  async run(deps, now) {
    const raised = await raiseUnansweredTextAlerts(deps.db, now);
    if (raised.length > 0) deps.logger.info({ raised: raised.length }, "unanswered texts: alerts raised");
  },
};

// ---- retention --------------------------------------------------------------------------------------

/** How long texts (in and the desk's answers) are kept: two years (ADR 0191). */
export const TEXT_RETENTION_DAYS = 730;

/** Deletes the texts and answers older than two years, in batches; several processes may run it at once. */
export async function deleteOldTexts(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - TEXT_RETENTION_DAYS * 86_400_000);
  const oldIn = db.select({ id: incomingTexts.id }).from(incomingTexts).where(lt(incomingTexts.receivedAt, before)).limit(1000);
  const deletedIn = await db.delete(incomingTexts).where(inArray(incomingTexts.id, oldIn)).returning({ id: incomingTexts.id });
  const oldOut = db.select({ id: textReplies.id }).from(textReplies).where(lt(textReplies.createdAt, before)).limit(1000);
  const deletedOut = await db.delete(textReplies).where(inArray(textReplies.id, oldOut)).returning({ id: textReplies.id });
  return deletedIn.length + deletedOut.length;
}

export const textRetentionJob: PeriodicJob = {
  name: "texts older than two years",
  everyMs: 6 * 60 * 60_000,
  async run(deps, now) {
    const deleted = await deleteOldTexts(deps.db, now);
    if (deleted > 0) deps.logger.info({ deleted }, "texts older than two years deleted");
  },
};

/** For the tests and the desk: whether a number opted out (kept here so pages need not import telephony). */
export { optOutOf } from "../telephony/opt-outs";
