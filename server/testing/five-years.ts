/**
 * Five years of a busy small business, as the data benchmark (scripts/bench-data.ts) and the query
 * plan test fill a fresh, migrated database: 200k page-view rows, 50k callbacks, 20k vouchers, 30k
 * newsletter sign-ups, 2,000 customers (each with a household) with 20k appointments (two months of them still to come) and
 * 50k sign-ins, spread evenly back from now. `scale` shrinks every count but the five years.
 * Each statement is one INSERT ... SELECT over generate_series: seconds, not minutes.
 */
export function fiveYearsOfData(scale = 1): { label: string; sql: string }[] {
  const n = (count: number) => Math.max(1, Math.round(count * scale));
  const [callbacks, vouchers, signups, customers, appointments, signIns, paths] = [n(50_000), n(20_000), n(30_000), n(2_000), n(20_000), n(50_000), n(110)];
  // An instant `i` steps of `count` back over five years.
  const back = (i: string, count: number) => `now() - (${i} / ${count}.0) * interval '1826 days'`;
  return [
    {
      label: `${(1826 * paths).toLocaleString("en-US")} page-view rows`,
      sql: `insert into page_view_counts (day, path, count)
        select current_date - d, p, 1 + (random() * 60)::int
        from generate_series(0, 1825) d, (select '/' || case when i = 0 then '' else 'page-' || i end as p from generate_series(0, ${paths - 1}) i) paths`,
    },
    {
      label: `${callbacks.toLocaleString("en-US")} callbacks`,
      // Numbers +1 949 2xx xxxx; no call left pending, or the recovery job would place them all.
      sql: `insert into call_me_back_form (phone_number, source_page, consent_text, call_status, call_sid, call_error, staff_status, staff_note, created_at, updated_at)
        select '+1949' || (200 + (i / 10000) % 800) || lpad((i % 10000)::text, 4, '0'), '/', 'I agree to receive a call.',
          s.call, case when s.call = 'failed' then null else 'CA' || md5(i::text) end, case when s.call = 'failed' then 'Twilio 21215: geo permission' end,
          (array['closed','closed','closed','contacted','booked','new'])[1 + i % 6], case when i % 3 = 0 then 'Called back, left a voicemail' end, t, t
        from generate_series(1, ${callbacks}) i,
          lateral (select (array['placed','placed','simulated','failed','paused'])[1 + i % 5] as call) s,
          lateral (select ${back("i", callbacks)} as t) at`,
    },
    {
      label: `${vouchers.toLocaleString("en-US")} vouchers`,
      sql: `insert into voucher_requests (name, email, phone, consent_text, consented_at, source_page, staff_status, voucher_code, mail_status, mailed_at, created_at, updated_at)
        select f || ' ' || l, lower(f) || '.' || lower(l) || i || '@example.com', '+1714' || (200 + (i / 10000) % 800) || lpad((i % 10000)::text, 4, '0'),
          'I agree to receive the voucher.', t, '/', (array['closed','closed','contacted','booked','new'])[1 + i % 5], 'FN-' || upper(substr(md5(i::text), 1, 6)), 'sent', t, t, t
        from generate_series(1, ${vouchers}) i,
          lateral (select (array['Maria','James','Wei','Fatima','Olga','Carlos','Aiko','Liam','Sofia','Noah','Priya','Mateo'])[1 + i % 12] as f,
                          (array['Garcia','Smith','Nguyen','Khan','Ivanova','Lopez','Tanaka','Brown','Rossi','Miller','Patel','Silva','Kim'])[1 + (i / 12) % 13] as l) n,
          lateral (select ${back("i", vouchers)} as t) at`,
    },
    {
      label: `${signups.toLocaleString("en-US")} newsletter sign-ups`,
      sql: `insert into newsletter_signups (email, consent_text, consented_at, source_page, unsubscribe_token_hash, unsubscribed_at, created_at)
        select 'reader' || i || '@example.com', 'I agree to receive the newsletter.', t, '/', md5('token' || i), case when i % 10 = 0 then t + interval '30 days' end, t
        from generate_series(1, ${signups}) i, lateral (select ${back("i", signups)} as t) at`,
    },
    {
      label: `${customers.toLocaleString("en-US")} customers`,
      sql: `insert into users (email, email_confirmed_at, created_at) select 'customer' || i || '@example.com', now(), now() from generate_series(0, ${customers - 1}) i`,
    },
    {
      label: `${customers.toLocaleString("en-US")} households`,
      // Every customer filled the household form: a name and a mobile, +1 657 2xx xxxx.
      sql: `insert into households (user_id, name, mobile_phone, city, state, created_at, updated_at)
        select u.id, f || ' ' || l, '+1657' || (200 + (u.n / 10000) % 800) || lpad((u.n % 10000)::text, 4, '0'), 'Laguna Niguel', 'CA', t, t
        from (select id, row_number() over (order by email) - 1 as n from users) u,
          lateral (select (array['Maria','James','Wei','Fatima','Olga','Carlos','Aiko','Liam','Sofia','Noah','Priya','Mateo'])[1 + u.n % 12] as f,
                          (array['Garcia','Smith','Nguyen','Khan','Ivanova','Lopez','Tanaka','Brown','Rossi','Miller','Patel','Silva','Kim'])[1 + (u.n / 12) % 13] as l) n,
          lateral (select ${back("u.n", customers)} as t) at`,
    },
    {
      label: `${appointments.toLocaleString("en-US")} appointments`,
      // From five years ago to two months ahead: the past ones done (some cancelled), the coming ones booked, a few with a change asked for.
      // Each the household's of its address (overnight stays are stays, ADR 0146).
      sql: `insert into appointments (household_id, customer_email, service_id, cat_names, starts_at, status, proposed_starts_at, notes, created_by, updated_by, created_at, updated_at)
        select h.id, 'customer' || (i % ${customers}) || '@example.com', s, 'Miso', t,
          case when i % 17 = 0 then 'Cancelled' when t < now() then 'Completed' when i % 5 = 0 then 'Pending' else 'Confirmed' end,
          case when t > now() and i % 40 = 0 then t + interval '1 day' end, '', 'bench', 'bench', t - interval '20 days', t - interval '20 days'
        from generate_series(1, ${appointments}) i,
          lateral (select (array['medication-administration','lion-cuts-and-mat-removal','full-grooming','bath-and-brush'])[1 + i % 4] as s) sv,
          lateral (select h.id from users u join households h on h.user_id = u.id where u.email = 'customer' || (i % ${customers}) || '@example.com') h,
          lateral (select date_trunc('hour', now() + interval '60 days' - (i / ${appointments}.0) * interval '1886 days') + interval '9 hours' as t) at`,
    },
    {
      label: `${signIns.toLocaleString("en-US")} sign-ins`,
      sql: `insert into sign_ins (user_id, method, signed_in_at)
        select u.id, (array['link','code'])[1 + g % 2], ${back("g", signIns)}
        from generate_series(0, ${signIns - 1}) g join (select id, row_number() over (order by email) - 1 as n from users) u on u.n = g % ${customers}`,
    },
  ];
}
