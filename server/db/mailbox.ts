import { type SQL, sql } from "drizzle-orm";

/**
 * An e-mail address as the mailbox it reaches, in SQL: lower case, trimmed, without a "+tag"
 * (ann+cats@example.com reaches ann@example.com), and for Gmail without the dots of its name and
 * with googlemail.com as gmail.com (a.n.n@googlemail.com reaches ann@gmail.com). Two addresses with
 * one mailbox are one person's: the first night free (once per person) and a referral (never of
 * oneself) compare addresses only through this, and a voucher belongs to the account whose mailbox
 * it was sent to. One expression, in the database, so an index answers it (`users_mailbox`).
 */
export function mailboxSql(address: unknown): SQL {
  const lowered = sql`lower(btrim(${address}))`;
  const name = sql`split_part(split_part(${lowered}, '@', 1), '+', 1)`;
  const domain = sql`split_part(${lowered}, '@', 2)`;
  return sql`(case when ${domain} in ('gmail.com', 'googlemail.com') then replace(${name}, '.', '') || '@gmail.com' else ${name} || '@' || ${domain} end)`;
}
