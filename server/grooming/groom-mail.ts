import { serviceTitle } from "~/domain/service-catalogue";
import { loadSiteContent } from "../content/content";
import type { appointments } from "../db/schema/index";
import { queueMail } from "../mail/queue";
import { type GroomMailKind, groomMail } from "../messages/catalogue";
import type { Tx } from "../db/transaction";

/**
 * Queues the mail about a groom's latest change in the caller's transaction (ADR 0126). Its calendar
 * SEQUENCE is the seconds since the groom was booked, so each later mail replaces the event.
 */
export async function queueGroomMail(db: Tx, groom: typeof appointments.$inferSelect, kind: GroomMailKind, siteUrl: string, now: Date) {
  const { business } = await loadSiteContent(db);
  const sequence = Math.max(0, Math.floor((now.getTime() - groom.createdAt.getTime()) / 1000));
  await queueMail(
    db,
    {
      dedupeKey: `groom:${groom.id}:${kind}:${sequence}`,
      message: groomMail({
        kind,
        to: groom.customerEmail,
        groom: {
          id: groom.id,
          serviceTitle: serviceTitle(groom.serviceId),
          catNames: groom.catNames,
          startsAt: groom.startsAt,
          endsAt: groom.endsAt!,
          priceCents: groom.priceCents ?? 0,
        },
        sequence,
        business,
        siteUrl,
        now,
      }),
    },
    now,
  );
}
