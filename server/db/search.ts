/**
 * What the admin's searches look for (the leads inbox, Customers): a pattern for names and e-mail
 * addresses and, when the search looks like (part of) a phone number typed in any common US format
 * — "(949) 249-1234", "949.249.1234", "+1 949 249 1234" — a pattern for its digits. Stored numbers
 * are E.164 (+19492491234), so they contain the digits with and without the leading 1. Both are
 * `%…%` patterns, which the trigram indexes answer (ADR 0115).
 */
export interface SearchPatterns {
  /** ILIKE pattern for names and e-mail addresses. */
  text: string;
  /** LIKE pattern for phone numbers, or null when the search is not a number. */
  digits: string | null;
}

/** LIKE treats %, _ and \ as pattern characters; a search for them means the characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

export function searchPatterns(q: string | undefined): SearchPatterns | null {
  if (!q) return null;
  const digits = q.replace(/\D/g, "");
  const phoneLike = digits.length > 0 && /^[\d\s()+.-]+$/.test(q);
  return { text: `%${escapeLike(q)}%`, digits: phoneLike ? `%${digits}%` : null };
}
