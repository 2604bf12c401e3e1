/**
 * Five years of a busy small business, as the data benchmark (scripts/bench-data.ts) and the query
 * plan test fill a fresh, migrated database: 200k page-view rows, 50k callbacks, 20k vouchers, 30k
 * newsletter sign-ups, 2,000 customers (each with a household) with 20k appointments (two months of them still to come) and
 * 50k sign-ins, spread evenly back from now; 8,000 stays over those households, all past (checked
 * out, some cancelled or not shown up for), with their payments (card deposits, balances by card,
 * cash or check, some expired checkouts, one in 23 left owed), refunds (cancellations, the guarantee),
 * lines added at check-out and grooms billed on stays, paid at the desk and given back under their
 * guarantee (ADR 0192), for the revenue report (ADR 0155). `scale` shrinks every count but the five years.
 * Each statement is one INSERT ... SELECT over generate_series: seconds, not minutes.
 */
export function fiveYearsOfData(scale = 1): { label: string; sql: string }[] {
  const n = (count: number) => Math.max(1, Math.round(count * scale));
  const [callbacks, vouchers, signups, customers, appointments, signIns, paths, stays] = [
    n(50_000),
    n(20_000),
    n(30_000),
    n(2_000),
    n(20_000),
    n(50_000),
    n(110),
    n(8_000),
  ];
  // Stay i, by its id; each statement about stays walks them again.
  const eachStay = `generate_series(1, ${stays}) i join stays s on s.id = md5('bench-stay-' || i)::uuid`;
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
      sql: `insert into appointments (household_id, customer_email, service_id, cat_names, starts_at, status, proposed_starts_at, notes, created_by, updated_by, created_at, updated_at, price_cents)
        select h.id, 'customer' || (i % ${customers}) || '@example.com', s, 'Miso', t,
          case when i % 17 = 0 then 'Cancelled' when t < now() then 'Completed' when i % 5 = 0 then 'Pending' else 'Confirmed' end,
          case when t > now() and i % 40 = 0 then t + interval '1 day' end, '', 'bench', 'bench', t - interval '20 days', t - interval '20 days',
          (array[1500, 9500, 7500, 4500])[1 + i % 4]
        from generate_series(1, ${appointments}) i,
          lateral (select (array['medication-administration','lion-cuts-and-mat-removal','full-grooming','bath-and-brush'])[1 + i % 4] as s) sv,
          lateral (select h.id from users u join households h on h.user_id = u.id where u.email = 'customer' || (i % ${customers}) || '@example.com') h,
          lateral (select date_trunc('hour', now() + interval '60 days' - (i / ${appointments}.0) * interval '1886 days') + interval '9 hours' as t) at`,
    },
    {
      label: `${stays.toLocaleString("en-US")} stays`,
      // Check-ins from five years ago to two weeks ago, 2 to 7 nights, booked 7 to 46 days before at LA
      // office hours; each household's first stay of 3 nights or more had the first night free.
      sql: `insert into stays (id, household_id, status, check_in, check_out, total_cents, price_lines, cancellation_tiers, deposit_cents, first_night_free_cents, created_at, updated_at)
        select md5('bench-stay-' || i)::uuid, h.id,
          case when i % 13 = 0 then 'cancelled' when i % 50 = 1 then 'no_show' else 'checked_out' end,
          ci, ci + nights, nightly * nights - free, '[]', '[]',
          case when i % 3 = 0 then 0 else (nightly * nights - free) / 4 end, free, t, t
        from generate_series(1, ${stays}) i
          join (select id, row_number() over (order by created_at, id) - 1 as n from households) h on h.n = (i - 1) % ${customers},
          lateral (select current_date - 1830 + (i * 1815 / ${stays}) as ci, 2 + i % 6 as nights, 4500 + (i % 3) * 1500 as nightly) p,
          lateral (select case when i <= ${customers} and nights >= 3 then nightly else 0 end as free) f,
          lateral (select ((ci - (7 + i % 40))::timestamp + interval '9 hours' + (i % 8) * interval '1 hour') at time zone 'America/Los_Angeles' as t) at`,
    },
    {
      label: "lines added at check-out",
      // Every fourth stay checked out had a line added at the desk (ADR 0192): a late pickup, a vet bill,
      // food, a tip, or a tenth off for a regular guest; every ninth a groom on its departure day billed on it.
      sql: `insert into stay_bill_lines (stay_id, kind, description, cents, recorded_by, created_at)
        select s.id, k, case k when 'discount' then 'Regular guest' when 'vet_bill' then 'Ear drops' when 'retail' then 'Food' else '' end,
          case k when 'discount' then -(s.total_cents / 10) else 1500 + (i % 5) * 1000 end, 'staff:desk@bench.example.com', t
        from ${eachStay},
          lateral (select (array['late_pickup','vet_bill','retail','tip','discount'])[1 + (i / 4) % 5] as k) kind,
          lateral (select (s.check_out::timestamp + interval '10 hours 30 minutes') at time zone 'America/Los_Angeles' as t) at
        where s.status = 'checked_out' and i % 4 = 0`,
    },
    {
      label: "grooms billed on stays",
      sql: `with groomed as (
          insert into appointments (id, household_id, customer_email, service_id, cat_names, starts_at, status, created_by, updated_by, created_at, updated_at, price_cents)
          select md5('bench-groom-' || i)::uuid, s.household_id, u.email, 'full-grooming', 'Miso', t, 'Completed', 'bench', 'bench', s.created_at, s.created_at, 9500
          from ${eachStay} join households h on h.id = s.household_id join users u on u.id = h.user_id,
            lateral (select (s.check_out::timestamp + interval '9 hours') at time zone 'America/Los_Angeles' as t) at
          where s.status = 'checked_out' and i % 9 = 0
          returning id, starts_at, price_cents)
        insert into stay_bill_lines (stay_id, kind, description, cents, appointment_id, recorded_by, created_at)
        select s.id, 'groom', 'Full grooming', g.price_cents, g.id, 'staff:desk@bench.example.com', g.starts_at + interval '2 hours'
        from ${eachStay} join groomed g on g.id = md5('bench-groom-' || i)::uuid`,
    },
    {
      label: "their bills' totals",
      // Each line is the stay's price line too, as the desk writes it.
      sql: `update stays s set total_cents = s.total_cents + l.cents, price_lines = s.price_lines || l.lines
        from (select stay_id, sum(cents)::int as cents,
            jsonb_agg(jsonb_build_object('label', (case kind when 'late_pickup' then 'Late pickup' when 'vet_bill' then 'Vet bill passed on' when 'retail' then 'Food or retail'
              when 'tip' then 'Tip' when 'discount' then 'Discount' else 'Groom' end) || case when description = '' then '' else ': ' || description end, 'cents', cents) order by created_at) as lines
          from stay_bill_lines group by stay_id) l
        where l.stay_id = s.id`,
    },
    {
      label: "their deposits",
      // Paid by card a few minutes after booking; every tenth stay first let a checkout expire.
      sql: `insert into payments (stay_id, kind, method, provider, checkout_session_id, payment_intent_id, amount_cents, status, paid_at, created_at, updated_at)
        select s.id, 'deposit', 'card', 'simulated', 'bench_dep_' || i, 'pi_bench_dep_' || i, s.deposit_cents, 'paid', s.created_at + interval '4 minutes', s.created_at, s.created_at
        from ${eachStay} where s.deposit_cents > 0
        union all
        select s.id, 'deposit', 'card', 'simulated', 'bench_exp_' || i, null, s.deposit_cents, 'expired', null, s.created_at - interval '1 hour', s.created_at
        from ${eachStay} where s.deposit_cents > 0 and i % 10 = 0`,
    },
    {
      label: "their balances",
      // Settled at check-out (11:00 LA and after): by card, in cash or by check.
      sql: `insert into payments (stay_id, kind, method, provider, checkout_session_id, payment_intent_id, amount_cents, status, paid_at, created_at, updated_at, recorded_by, reference)
        select s.id, 'balance', m, case when m = 'card' then 'simulated' end, case when m = 'card' then 'bench_bal_' || i end,
          case when m = 'card' then 'pi_bench_bal_' || i end, s.total_cents - s.deposit_cents, 'paid', t, t, t,
          case when m <> 'card' then 'staff:desk@bench.example.com' end, case when m = 'check' then 'Check ' || (1000 + i) end
        from ${eachStay},
          lateral (select (array['card','card','card','cash','check'])[1 + i % 5] as m) pm,
          lateral (select (s.check_out::timestamp + interval '11 hours' + (i % 50) * interval '1 minute') at time zone 'America/Los_Angeles' as t) at
        where s.status = 'checked_out' and i % 23 <> 0`,
    },
    {
      label: "their refunds",
      // Every other cancellation got its deposit back; some checked-out stays half their card balance (the guarantee).
      sql: `insert into payment_refunds (payment_id, amount_cents, provider_refund_id, status, reason, actor, created_at, updated_at)
        select p.id, p.amount_cents, 're_bench_dep_' || i, 'succeeded', 'Cancelled in time', 'customer', s.created_at + interval '2 days', s.created_at + interval '2 days'
        from ${eachStay} join payments p on p.checkout_session_id = 'bench_dep_' || i where s.status = 'cancelled' and i % 2 = 0
        union all
        select p.id, p.amount_cents / 2, 're_bench_bal_' || i, 'succeeded', 'Satisfaction guarantee: the suite was cold', 'staff:owner@bench.example.com',
          p.paid_at + interval '2 days', p.paid_at + interval '2 days'
        from ${eachStay} join payments p on p.checkout_session_id = 'bench_bal_' || i where i % 7 = 0`,
    },
    {
      label: "refunded amounts",
      sql: `update payments p set refunded_cents = r.cents from (select payment_id, sum(amount_cents)::int as cents from payment_refunds group by 1) r where r.payment_id = p.id`,
    },
    {
      label: "grooms paid at the desk",
      // Each groom done and not on a stay's bill, paid as the cat was collected (ADR 0192); one in 25 later half given back under the guarantee.
      sql: `insert into groom_payments (appointment_id, amount_cents, method, reference, recorded_by, paid_at)
        select a.id, a.price_cents, m, case when m = 'check' then 'Check ' || (2000 + a.n) end, 'staff:desk@bench.example.com', a.starts_at + interval '90 minutes'
        from (select id, price_cents, starts_at, row_number() over (order by starts_at, id) as n from appointments
          where status = 'Completed' and stay_id is null and price_cents > 0 and not exists (select 1 from stay_bill_lines l where l.appointment_id = appointments.id)) a,
          lateral (select (array['card','card','cash','check'])[1 + a.n % 4] as m) pm`,
    },
    {
      label: "groom guarantees",
      sql: `insert into groom_guarantees (appointment_id, amount_cents, method, reason, recorded_by, created_at)
        select p.appointment_id, p.amount_cents / 2, 'cash', 'The nails were cut too short', 'staff:owner@bench.example.com', p.paid_at + interval '1 day'
        from (select appointment_id, amount_cents, paid_at, row_number() over (order by paid_at, appointment_id) as n from groom_payments) p
        where p.n % 25 = 0`,
    },
    {
      label: `${signIns.toLocaleString("en-US")} sign-ins`,
      sql: `insert into sign_ins (user_id, method, signed_in_at)
        select u.id, (array['link','code'])[1 + g % 2], ${back("g", signIns)}
        from generate_series(0, ${signIns - 1}) g join (select id, row_number() over (order by email) - 1 as n from users) u on u.n = g % ${customers}`,
    },
  ];
}
