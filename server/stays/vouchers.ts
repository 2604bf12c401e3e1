import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { nightsOf } from "~/domain/calendar";
import { formatBusinessDate } from "~/lib/business-time";
import type { Db } from "../db/client";
import { mailboxSql } from "../db/mailbox";
import { stays, voucherRequests } from "../db/schema/index";
import { AppError } from "../http/errors";

/**
 * The "Claim Your Free Night" voucher is the first night free, not a second offer (ADR 0150): a code
 * typed at booking, or the voucher mailed to the customer's own address, is marked redeemed with the
 * stay that got the free night, in the booking's transaction. A stay cancelled, declined or never
 * paid for gives the voucher back, as it gives back the free night.
 */

/** How long a voucher can be used after it was sent. */
export const VOUCHER_VALID_DAYS = 365;

const refused = (message: string) => new AppError(400, "VOUCHER_REFUSED", message, { fields: { voucherCode: message } });

/** "fn-7kq2mx", "FN 7KQ2MX" and "7KQ2MX" are the same code. */
export function normalVoucherCode(typed: string): string {
  const code = typed.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return `FN-${code.startsWith("FN") ? code.slice(2) : code}`;
}

/** Whether the voucher is held by a stay that still counts: booked, stayed or not shown up for. */
const heldByStay = sql<boolean>`exists (select 1 from ${stays} where ${stays.id} = ${voucherRequests.redeemedStayId} and ${stays.status} not in ('cancelled','declined','expired'))`;

/**
 * Redeems a voucher with a stay just booked, in the booking's transaction. With a typed code, the code
 * must be one we sent to the account's own mailbox (`mailboxSql`: a "+tag" or a Gmail dot changes
 * nothing), unused and in date, and the stay must have the first night free; otherwise the booking
 * is refused with the reason (nothing is saved). Without one, the newest usable voucher sent to the
 * customer's own mailbox is redeemed, when the stay has the free night.
 */
export async function redeemVoucher(
  tx: Db,
  input: {
    code?: string;
    stay: { id: string; householdId: string | null; checkIn: string; checkOut: string; firstNightFreeCents: number };
    email: string;
    minNights: number | null;
    now: Date;
  },
): Promise<void> {
  const { stay, now } = input;
  const validFrom = new Date(now.getTime() - VOUCHER_VALID_DAYS * 86_400_000);
  if (!input.code) {
    if (stay.firstNightFreeCents === 0) return;
    const [own] = await tx
      .select({ id: voucherRequests.id })
      .from(voucherRequests)
      .where(
        and(
          sql`${mailboxSql(voucherRequests.email)} = ${mailboxSql(input.email)}`,
          sql`${voucherRequests.voucherCode} is not null`,
          sql`coalesce(${voucherRequests.mailedAt}, ${voucherRequests.createdAt}) >= ${validFrom}`,
          or(isNull(voucherRequests.redeemedStayId), sql`not ${heldByStay}`),
        ),
      )
      .orderBy(desc(voucherRequests.createdAt))
      .limit(1)
      .for("update");
    if (own) await markRedeemed(tx, own.id, stay.id, now);
    return;
  }
  // The voucher's row is locked: two bookings quoting one code queue here, and the second sees it used.
  const [voucher] = await tx
    .select({
      id: voucherRequests.id,
      email: voucherRequests.email,
      sentAt: sql<Date>`coalesce(${voucherRequests.mailedAt}, ${voucherRequests.createdAt})`,
      held: heldByStay,
      own: sql<boolean>`${mailboxSql(voucherRequests.email)} = ${mailboxSql(input.email)}`,
    })
    .from(voucherRequests)
    .where(eq(voucherRequests.voucherCode, normalVoucherCode(input.code)))
    .orderBy(desc(voucherRequests.createdAt))
    .limit(1)
    .for("update");
  if (!voucher) throw refused("We don't know that voucher code. Check it against your voucher e-mail.");
  // A code is its mailbox's (ADR 0173): a stranger who typed it is refused before anything is saved,
  // so the owner can still use it.
  if (!voucher.own) throw refused("That voucher was sent to another e-mail address: only the account with that address can use it.");
  if (voucher.held) throw refused("That voucher has been used already.");
  const sentAt = new Date(voucher.sentAt);
  if (sentAt < validFrom) throw refused(`That voucher expired on ${formatBusinessDate(new Date(sentAt.getTime() + VOUCHER_VALID_DAYS * 86_400_000))}.`);
  if (stay.firstNightFreeCents === 0) {
    if (input.minNights === null) throw refused("The first night free is not on offer at the moment.");
    if (nightsOf(stay.checkIn, stay.checkOut).length < input.minNights)
      throw refused(`The voucher's free night is for a stay of ${input.minNights} nights or more.`);
    throw refused("Your household has had its first night free already: the voucher is the same offer.");
  }
  await markRedeemed(tx, voucher.id, stay.id, now);
}

async function markRedeemed(tx: Db, voucherId: string, stayId: string, now: Date) {
  await tx
    .update(voucherRequests)
    .set({ redeemedStayId: stayId, redeemedAt: now, staffStatus: "booked", updatedAt: now })
    .where(eq(voucherRequests.id, voucherId));
}
