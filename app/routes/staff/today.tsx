import { type ReactNode, useId } from "react";
import { Link, useFetcher, useLoaderData } from "react-router";
import { requirePermission } from "@server/auth/guards.server";
import { type CareAlertView, acknowledgeCareAlert, acknowledgeCareAlerts, careAlertsToday } from "@server/care/alerts";
import { careToday, logCareEntry, processCarePhoto } from "@server/care/care";
import { type LoggedLine, type OpenedCard, type TodayCard, type TodayPage, openedCarePlan, todayPage } from "@server/care/today-page";
import { formDataOf, submitForm } from "@server/http/form-action";
import { formToken, submitOnce } from "@server/http/form-once";
import { mapRefusals } from "@server/http/refusals";
import { CarePlan } from "~/features/care/care-plan";
import { OPEN_CARD, cardKey } from "~/features/care/today-card";
import { openStayTexts, unreadTextCount } from "@server/texts/texts";
import { ActionNotice } from "~/components/action-notice";
import { FormToken } from "~/components/form-token";
import { Button } from "~/components/ui/button";
import { business } from "~/content/business";
import { entryText } from "~/domain/care-wording";
import { DOSE_OUTCOMES, DOSE_OUTCOME_LABELS } from "~/domain/doses";
import { EATEN_LABELS, EATEN_SHARES, STOOL_KINDS, STOOL_LABELS } from "~/domain/care-log";
import { acknowledgeAlertForm, acknowledgeAlertsForm, careEntryForm } from "~/features/care/schema";
import { noindexMeta } from "~/features/seo/seo";
import { StayTexts } from "~/features/texts/stay-texts";
import { staffCatPath } from "~/domain/handover";
import { formatCalendarDay, formatCalendarDayWeekday } from "~/lib/business-time";
import { type FormReply, useNotice } from "~/lib/forms";
import type { PageHandle } from "~/islands/page-scripts";
import { StaffMenu } from "~/features/team/staff-menu";
import type { Route } from "./+types/today";

// A staff tool: its forms answer in place once the script runs, so it starts with the page (ADR 0137).
export const handle: PageHandle = { routerScripts: "at-once" };

export const meta: Route.MetaFunction = () => noindexMeta(`Today | Staff | ${business.name}`);

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  await requirePermission(request, context, "care");
  const now = context.clock.now();
  const opened = new URL(request.url).searchParams.get(OPEN_CARD);
  // One round of reads (ADR 0207). The page only reads the alerts: the care alerts job raises them.
  const [today, carePlan, alerts, texts, unreadTexts] = await Promise.all([
    careToday(context.db, now),
    openedCarePlan(context.db, opened),
    careAlertsToday(context.db, now),
    openStayTexts(context.db),
    unreadTextCount(context.db),
  ]);
  // What the page draws, not all `careToday` knows: the data is serialized into the HTML.
  return { ...todayPage(today, opened, carePlan), alerts, texts, unreadTexts, formToken: formToken() };
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const { user } = await requirePermission(request, context, "care");
  const form = await formDataOf(request);
  if (form.get("intent") === "acknowledgeAll")
    return submitForm(form, acknowledgeAlertsForm, async (input) => {
      const { acknowledged, already } = await acknowledgeCareAlerts(context.db, { userId: user.id, email: user.email }, input.alertIds, context.clock.now());
      const title = acknowledged === 1 ? "1 alert acknowledged" : `${acknowledged} alerts acknowledged`;
      return {
        kind: "success",
        title,
        description: already > 0 ? `${already} had been acknowledged already by someone else, or closed when the cat went home.` : undefined,
      };
    });
  if (form.get("intent") === "acknowledge")
    return submitForm(form, acknowledgeAlertForm, async (input) => {
      await acknowledgeCareAlert(context.db, { userId: user.id, email: user.email }, input.alertId, context.clock.now());
      return { kind: "success", title: "Alert acknowledged" };
    });
  const now = context.clock.now();
  return submitOnce({ db: context.db, form: "/staff/today entry", user, now }, form, careEntryForm, async (input) => {
    // A photo is checked by its bytes and resized before anything is saved (like a cat's photo, ADR 0120).
    const photo = input.intent === "photo" ? await processCarePhoto(Buffer.from(await input.photo.arrayBuffer())) : undefined;
    const entry = await logCareEntry(context.db, { userId: user.id, email: user.email }, input, now, photo);
    return { kind: "success", title: `Logged: ${entryText(entry)}` };
  });
});

export default function StaffToday({ loaderData: { day, suites, arriving, opened, alerts, texts, unreadTexts } }: Route.ComponentProps) {
  const cats = suites.reduce((n, s) => n + s.cats.length, 0);
  return (
    <main id="main" className="mx-auto min-h-screen max-w-3xl px-3 py-6 sm:px-6">
      <StaffMenu unreadTexts={unreadTexts} />
      <h1 className="text-3xl">Today</h1>
      <p className="text-muted">
        {formatCalendarDay(day)} · {cats === 1 ? "1 cat" : `${cats} cats`} in the hotel
      </p>
      <ActionNotice className="mt-3" />
      <SuiteJumps suites={suites} />
      <Alerts open={alerts.open} acknowledged={alerts.acknowledged} />
      <StayTexts texts={texts} title="Messages from owners" />
      <DueNow suites={suites} />
      <NotDoneYet suites={suites} />
      {suites.length === 0 ? <p className="mt-6 rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)]">No cat is checked in.</p> : null}
      {suites.map((s, i) => (
        <section key={s.suite} id={suiteId(i)} className="mt-6 scroll-mt-4" aria-label={s.suite}>
          <h2 className="text-2xl">{s.suite}</h2>
          <ul className="mt-2 grid gap-4">
            {s.cats.map((cat) => (
              <CatCard key={`${cat.stayId}-${cat.catId}`} cat={cat} opened={opened?.stayId === cat.stayId && opened.catId === cat.catId ? opened : null} />
            ))}
          </ul>
        </section>
      ))}
      {arriving.length > 0 ? (
        <section className="mt-8" aria-labelledby="arriving">
          <h2 id="arriving" className="text-2xl">
            Arriving today
          </h2>
          <ul className="mt-2 grid gap-2">
            {arriving.map((a) => (
              <li key={a.stayId} className="rounded-xl bg-white p-3 shadow-[var(--shadow-card)]">
                <Link to={`/staff/stays/${a.stayId}`} className="font-semibold text-brand-700 underline underline-offset-4">
                  {a.catNames.join(", ")}
                </Link>{" "}
                · {a.suite}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

/** The care alerts the job raised, urgent ones first in red, each with its Acknowledge button; then who acknowledged which today. */
function Alerts({ open, acknowledged }: { open: CareAlertView[]; acknowledged: CareAlertView[] }) {
  if (open.length === 0 && acknowledged.length === 0) return null;
  return (
    <section className="mt-6" aria-labelledby="alerts">
      <h2 id="alerts" className="text-2xl">
        Alerts
      </h2>
      {open.length === 0 ? <p className="mt-2 text-muted">No open alerts.</p> : null}
      {open.length > 1 ? <AcknowledgeAll open={open} /> : null}
      <ul className="mt-2 grid gap-3">
        {open.map((a) => (
          <AlertCard key={a.id} alert={a} />
        ))}
      </ul>
      {acknowledged.length > 0 ? (
        <details className="mt-3">
          <summary className="cursor-pointer font-semibold text-brand-700">Acknowledged or closed today ({acknowledged.length})</summary>
          <ul className="mt-2 grid gap-1 text-sm">
            {acknowledged.map((a) => (
              <li key={a.id}>
                {a.catName} · {a.what} · {a.closedTime ? `closed at ${a.closedTime}: went home` : `${a.acknowledgedBy} at ${a.acknowledgedTime}`}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

/** One button for every open alert listed: on a full house, acknowledged in one tap once they are seen to. */
function AcknowledgeAll({ open }: { open: CareAlertView[] }) {
  const fetcher = useFetcher<FormReply>({ key: "acknowledge-all" });
  useNotice(fetcher.data);
  return (
    <fetcher.Form method="post" className="mt-2">
      <input type="hidden" name="intent" value="acknowledgeAll" />
      {open.map((a) => (
        <input key={a.id} type="hidden" name="alertIds" value={a.id} />
      ))}
      <Button type="submit" size="compact" variant="outline" disabled={fetcher.state !== "idle"}>
        Acknowledge all {open.length} alerts
      </Button>
    </fetcher.Form>
  );
}

function AlertCard({ alert: a }: { alert: CareAlertView }) {
  const fetcher = useFetcher<FormReply>({ key: `acknowledge-${a.id}` });
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const errors = fetcher.data?.result?.error;
  const message = errors ? Object.values(errors).flat()[0] : undefined;
  return (
    <li
      aria-label={`${a.catName}: ${a.what}`}
      className={
        a.urgent
          ? "rounded-[var(--radius-card)] border-2 border-red-700 bg-red-50 p-4 text-red-900"
          : "rounded-[var(--radius-card)] border border-amber-300 bg-amber-50 p-4"
      }
    >
      <p className="font-bold">
        {a.urgent ? <span className="mr-2 rounded bg-red-700 px-1.5 py-0.5 text-xs tracking-wide text-white uppercase">Urgent</span> : null}
        {a.catName} · {a.suite}
      </p>
      <p className="mt-1 font-semibold">{a.what}</p>
      <p className="text-sm">Since {a.sinceText}</p>
      <p className="mt-1 text-sm">{a.detail}</p>
      {a.escalatedTime ? <p className="mt-1 text-sm font-semibold">Not acknowledged in 30 minutes: the owner was texted at {a.escalatedTime}.</p> : null}
      <fetcher.Form method="post" className="mt-2">
        <input type="hidden" name="intent" value="acknowledge" />
        <input type="hidden" name="alertId" value={a.id} />
        <Button type="submit" size="compact" variant={a.urgent ? "primary" : "outline"} disabled={fetcher.state !== "idle"}>
          Acknowledge
          <span className="sr-only">
            {" "}
            {a.what.toLowerCase()} for {a.catName}
          </span>
        </Button>
        {message ? (
          <p role="alert" className="mt-1 text-sm font-semibold text-red-800">
            {message}
          </p>
        ) : null}
      </fetcher.Form>
    </li>
  );
}

const catCardId = (cat: Pick<TodayCard, "stayId" | "catId">) => `today-${cat.stayId}-${cat.catId}`;
/**
 * A card shows its forms only when opened (`?cat=<stay>.<cat>`, a plain link): a full house's Today
 * would otherwise carry every form of every cat, about 24 KB of HTML a cat. A form's post keeps the
 * address, so the card stays open after it, with or without the script.
 */
const openCard = (cat: Pick<TodayCard, "stayId" | "catId">) => ({ search: `?${OPEN_CARD}=${cardKey(cat)}`, hash: catCardId(cat) });
const suiteId = (index: number) => `today-suite-${index}`;

/** On a full house, a jump to any suite's cards; folded, so it costs one line until it is opened (ADR 0197). */
function SuiteJumps({ suites }: { suites: TodayPage["suites"] }) {
  if (suites.length < 2) return null;
  return (
    <details className="mt-3">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-700">Jump to a suite ({suites.length})</summary>
      <nav aria-label="Suites">
        <ul className="mt-1 flex flex-wrap gap-2">
          {suites.map((s, i) => (
            <li key={s.suite}>
              <a href={`#${suiteId(i)}`} className="inline-flex min-h-11 items-center rounded-xl border border-brand-200 bg-white px-3 text-sm font-semibold">
                {s.suite}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

/**
 * Across every cat, the doses whose window is open now or has passed with nothing logged (ADR 0188):
 * on a full house, the one list to work from on a phone. A row is one line of the cat and the dose, a
 * dose in its window given in one tap; an overdue one needs its remark, so it opens the cat's card.
 * Kept to about 45 px a row: 40 cats fit in under 2,000 px (ADR 0197, `npm run bench:care`).
 */
function DueNow({ suites }: { suites: TodayPage["suites"] }) {
  const due = suites
    .flatMap((s) => s.cats.flatMap((cat) => cat.doses.filter((d) => d.dueNow || d.late).map((d) => ({ cat, suite: s.suite, d }))))
    .sort((a, b) => a.d.dueAt.localeCompare(b.d.dueAt));
  if (due.length === 0) return null;
  return (
    <section className="mt-6" aria-labelledby="due-now">
      <h2 id="due-now" className="text-2xl">
        Due now <span className="text-base text-muted">({due.length})</span>
      </h2>
      <ul className="mt-2 divide-y divide-brand-100 rounded-xl bg-white px-3 shadow-[var(--shadow-card)]">
        {due.map(({ cat, suite, d }) => (
          <li key={`${cat.stayId}-${cat.catId}-${d.name}-${d.dueAt}`} className="flex min-h-11 items-center justify-between gap-2 text-sm leading-5">
            <p className="min-w-0">
              <Link to={openCard(cat)} className="font-semibold text-brand-700 underline underline-offset-4">
                {cat.name}
              </Link>{" "}
              · {suite}
              <br />
              {d.name}
              {d.dose ? ` ${d.dose}` : ""} · {d.time} {d.late ? <strong className="text-red-800">Overdue</strong> : null}
            </p>
            {d.late ? (
              <Link to={openCard(cat)} className="inline-flex h-11 shrink-0 items-center px-2 font-semibold text-brand-700 underline underline-offset-4">
                Log
                <span className="sr-only">
                  {" "}
                  {d.name} for {cat.name}, with why it is late
                </span>
              </Link>
            ) : (
              <EntryForm cat={cat} intent="dose" id={`due-now-${cat.catId}-${d.name}-${d.dueAt}`} className="shrink-0">
                <input type="hidden" name="medication" value={d.name} />
                <input type="hidden" name="dueAt" value={d.dueAt} />
                <Button type="submit" name="outcome" value="given" size="compact">
                  Given
                  <span className="sr-only">
                    {" "}
                    {d.name} to {cat.name}
                  </span>
                </Button>
              </EntryForm>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The card's care-plan block: the owner's plan, the vet and whom to call, folded until opened. */
function CatCarePlan({ cat, stay }: { cat: TodayCard; stay: OpenedCard["carePlan"] }) {
  if (!stay) return null;
  return (
    <details className="mt-2 rounded-xl border border-brand-100 px-3 py-1">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold">Care plan and phones</summary>
      <CarePlan plan={stay.cats[cat.catId] ?? null} contacts={stay} />
    </details>
  );
}

/**
 * What today's schedule asked for by now and nobody logged, across cats, one line a cat (ADR 0197):
 * the meals and litter checks whose time has come, the doses whose window has passed, the weigh-in.
 * Folded when long, so a full house's "Due now" stays at the top.
 */
function NotDoneYet({ suites }: { suites: TodayPage["suites"] }) {
  const rows = suites.flatMap((s) =>
    s.cats.flatMap((cat) => {
      const items = [
        ...cat.meals.filter((m) => m.notDoneYet).map((m) => m.name),
        ...cat.doses.filter((d) => d.notDoneYet).map((d) => `${d.name} ${d.time}`),
        ...cat.litter.filter((l) => l.notDoneYet).map((l) => l.name),
        ...(cat.weighIn && !cat.weighIn.done ? ["Weigh-in"] : []),
      ];
      return items.length > 0 ? [{ cat, suite: s.suite, items }] : [];
    }),
  );
  if (suites.length === 0) return null;
  return (
    <section className="mt-6" aria-labelledby="not-done-yet">
      <details open={rows.length <= 5}>
        <summary className="flex min-h-11 cursor-pointer items-center">
          <h2 id="not-done-yet" className="text-2xl">
            Not done yet <span className="text-base text-muted">({rows.length === 1 ? "1 cat" : `${rows.length} cats`})</span>
          </h2>
        </summary>
        {rows.length === 0 ? (
          <p className="mt-1 text-muted">Everything due by now is logged.</p>
        ) : (
          <ul className="mt-1 divide-y divide-brand-100 rounded-xl bg-white px-3 text-sm leading-5 shadow-[var(--shadow-card)]">
            {rows.map(({ cat, suite, items }) => (
              <li key={`${cat.stayId}-${cat.catId}`} className="py-2">
                <Link to={openCard(cat)} className="font-semibold text-brand-700 underline underline-offset-4">
                  {cat.name}
                </Link>{" "}
                · {suite}: {items.join(", ")}
              </li>
            ))}
          </ul>
        )}
      </details>
    </section>
  );
}

/**
 * A cat's card: what is due today and what was logged, and a link that opens it; opened, the forms
 * that log each thing (the doses in the window are also one tap in "Due now").
 */
function CatCard({ cat, opened }: { cat: TodayCard; opened: OpenedCard | null }) {
  const open = opened !== null;
  return (
    <li id={catCardId(cat)} aria-label={cat.name} className="scroll-mt-4 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)]">
      <h3 className="font-display text-2xl text-brand-900">
        <Link to={staffCatPath(cat.stayId, cat.catId)} className="underline decoration-brand-300 underline-offset-4 hover:decoration-brand-700">
          {cat.name}
        </Link>
      </h3>
      <p className="text-sm text-muted">Leaves {formatCalendarDayWeekday(cat.checkOut)}</p>
      {cat.feedingInstructions ? <p className="mt-2 text-sm whitespace-pre-line">Feeding: {cat.feedingInstructions}</p> : null}
      {opened ? <CatCarePlan cat={cat} stay={opened.carePlan} /> : null}
      {cat.arrivedAt ? <p className="mt-2 text-sm">Checked in today at {cat.arrivedAt}.</p> : null}
      {cat.lastDosesAtHome.length > 0 ? (
        <p className="mt-1 text-sm">
          Last dose given at home: <span className="font-semibold">{cat.lastDosesAtHome.join("; ")}</span>
        </p>
      ) : null}

      <Block title="Meals" cat={cat} open={open}>
        {cat.meals.map((m) => (
          <Due key={m.name} item={m} open={open} label={`${m.name} · ${m.time}`}>
            <EntryForm cat={cat} intent="meal" id={`meal-${cat.catId}-${m.name}`} correctsId={m.done?.id}>
              <input type="hidden" name="meal" value={m.name} />
              <fieldset>
                <legend className="text-sm font-bold">
                  How much of {m.name.toLowerCase()} {cat.name} ate
                </legend>
                <div className="mt-1 flex flex-wrap gap-2">
                  {EATEN_SHARES.map((share) => (
                    <Button key={share} type="submit" name="eaten" value={share} size="compact" variant="outline">
                      {EATEN_LABELS[share]}
                    </Button>
                  ))}
                </div>
              </fieldset>
            </EntryForm>
          </Due>
        ))}
      </Block>

      {cat.doses.length > 0 ? (
        <Block title="Medication" cat={cat} open={open}>
          {cat.doses.map((d) => (
            <Due
              key={`${d.name}-${d.dueAt}`}
              item={d}
              open={open}
              label={`${d.name}${d.dose ? ` ${d.dose}` : ""} · ${d.time}`}
              detail={
                d.notDue ? (
                  <span className="text-muted">{d.notDue}</span>
                ) : d.late ? (
                  <strong className="text-red-800">Overdue (window {d.window})</strong>
                ) : (
                  <>Window {d.window}</>
                )
              }
              closed={d.notDue !== null}
            >
              <EntryForm cat={cat} intent="dose" id={`dose-${cat.catId}-${d.name}-${d.dueAt}`} correctsId={d.done?.id}>
                <input type="hidden" name="medication" value={d.name} />
                <input type="hidden" name="dueAt" value={d.dueAt} />
                <RemarkField label="Remark (needed outside the window)" />
                <div className="mt-2 flex flex-wrap gap-2">
                  {DOSE_OUTCOMES.map((o) => (
                    <Button key={o} type="submit" name="outcome" value={o} size="compact" variant={o === "given" ? "primary" : "outline"}>
                      {DOSE_OUTCOME_LABELS[o]}
                    </Button>
                  ))}
                </div>
              </EntryForm>
            </Due>
          ))}
        </Block>
      ) : null}

      <Block title="Litter" cat={cat} open={open}>
        {cat.litter.map((l) => (
          <Due key={l.name} item={l} open={open} label={`${l.name} · ${l.time}`}>
            <LitterForm cat={cat} id={`litter-${cat.catId}-${l.name}`} correctsId={l.done?.id} />
          </Due>
        ))}
      </Block>

      {cat.weighIn ? (
        <Block title="Weight" cat={cat} open={open}>
          <Due
            item={cat.weighIn}
            open={open}
            label={`Weigh ${cat.name}`}
            detail={
              <>
                Night {cat.weighIn.night} of the stay:{" "}
                {cat.weighIn.closely ? "weighed every 2 nights (on medication or eating poorly)" : "weighed every 7 nights"}
              </>
            }
          >
            <WeightForm cat={cat} id={`weight-${cat.catId}`} correctsId={cat.weighIn.done?.id} />
          </Due>
        </Block>
      ) : null}

      {opened ? (
        <>
          <Block title="Water, play, photos and notes" cat={cat} open>
            <li className="flex flex-wrap gap-2">
              <EntryForm cat={cat} intent="water" id={`water-${cat.catId}`}>
                <Button type="submit" size="compact" variant="outline">
                  Water refreshed<span className="sr-only"> for {cat.name}</span>
                </Button>
              </EntryForm>
              <EntryForm cat={cat} intent="play" id={`play-${cat.catId}`}>
                <Button type="submit" size="compact" variant="outline">
                  Played<span className="sr-only"> with {cat.name}</span>
                </Button>
              </EntryForm>
            </li>
            <li>
              <EntryForm cat={cat} intent="photo" id={`photo-${cat.catId}`} encType="multipart/form-data">
                <PhotoField catName={cat.name} />
                <Button type="submit" size="compact" variant="outline" className="mt-2">
                  Add photo<span className="sr-only"> of {cat.name}</span>
                </Button>
              </EntryForm>
            </li>
            <li>
              <EntryForm cat={cat} intent="note" id={`note-${cat.catId}`}>
                <RemarkField label={`Note about ${cat.name}`} />
                <Button type="submit" size="compact" className="mt-2">
                  Add note
                </Button>
              </EntryForm>
            </li>
          </Block>
          {opened.logged.length > 0 ? (
            <details className="mt-4">
              <summary className="cursor-pointer font-semibold text-brand-700">Logged today ({opened.logged.length})</summary>
              <ul className="mt-2 grid gap-1 text-sm">
                {opened.logged.map((e) => (
                  <li key={e.id}>{e.text}</li>
                ))}
              </ul>
            </details>
          ) : null}
          <Link
            to={{ search: "", hash: catCardId(cat) }}
            className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4"
          >
            Close<span className="sr-only"> {cat.name}&apos;s card</span>
          </Link>
        </>
      ) : (
        <Button asChild size="compact" variant="outline" className="mt-3">
          <Link to={openCard(cat)}>
            Log care<span className="sr-only"> for {cat.name}</span>
          </Link>
        </Button>
      )}
    </li>
  );
}

/** One part of a cat's card; its region names the cat too, so each landmark on the page is told apart. Closed, one line a thing. */
function Block({ title, cat, open, children }: { title: string; cat: TodayCard; open: boolean; children: ReactNode }) {
  return (
    <section className={open ? "mt-4" : "mt-2"} aria-label={`${title}, ${cat.name}`}>
      <h4 className={open ? "text-lg font-bold text-brand-900" : "text-sm font-bold text-brand-900"}>{title}</h4>
      <ul className={open ? "mt-1 grid gap-3" : "grid text-sm"}>{children}</ul>
    </section>
  );
}

/** One thing due: its form while it is open; once logged, what was logged and a way to correct it. On a closed card, one line. */
function Due({
  item,
  open,
  label,
  detail,
  closed = false,
  children,
}: {
  item: { done: LoggedLine | null };
  open: boolean;
  label: string;
  detail?: ReactNode;
  /** Nothing to log: the detail says why (a dose before check-in). */
  closed?: boolean;
  children: ReactNode;
}) {
  if (!open)
    return (
      <li>
        {label}
        {detail ? <> · {detail}</> : null}
        {item.done ? <> · ✓ {item.done.text}</> : null}
      </li>
    );
  return (
    <li className="rounded-xl border border-brand-100 p-3">
      <p className="font-semibold">{label}</p>
      {detail ? <p className="text-sm">{detail}</p> : null}
      {item.done ? (
        <>
          <p className="mt-1 text-sm" role="status">
            <span aria-hidden="true">✓ </span>
            {item.done.text}
          </p>
          <details className="mt-1">
            <summary className="cursor-pointer text-sm font-semibold text-brand-700">Correct this entry</summary>
            <div className="mt-2">{children}</div>
          </details>
        </>
      ) : closed ? null : (
        <div className="mt-2">{children}</div>
      )}
    </li>
  );
}

function RemarkField({ label }: { label: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-bold">
        {label}
      </label>
      <input id={id} name="remark" maxLength={500} className="mt-1 h-11 w-full rounded-xl border border-brand-200 px-3" />
    </div>
  );
}

function PhotoField({ catName }: { catName: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-bold">
        Photo of {catName}
      </label>
      <input id={id} name="photo" type="file" accept="image/*" capture="environment" required className="mt-1 block w-full text-sm" />
    </div>
  );
}

/** A small form logging one entry for one cat: works as a plain POST before the script runs. */
function EntryForm({
  cat,
  intent,
  id,
  correctsId,
  encType,
  className = "min-w-0",
  children,
}: {
  cat: TodayCard;
  intent: string;
  id: string;
  correctsId?: string;
  encType?: "multipart/form-data";
  className?: string;
  children: ReactNode;
}) {
  const fetcher = useFetcher<FormReply>({ key: id });
  const { formToken } = useLoaderData<typeof loader>();
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const errors = fetcher.data?.result?.error;
  const message = errors ? (errors.remark?.[0] ?? errors.photo?.[0] ?? errors[""]?.[0] ?? Object.values(errors).flat()[0]) : undefined;
  return (
    <fetcher.Form method="post" encType={encType} className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="stayId" value={cat.stayId} />
      <input type="hidden" name="catId" value={cat.catId} />
      <FormToken token={formToken} />
      {correctsId ? <input type="hidden" name="correctsId" value={correctsId} /> : null}
      {children}
      {message ? (
        <p role="alert" className="mt-1 text-sm font-semibold text-red-800">
          {message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/** The weigh-in on a long stay (ADR 0169): kilograms with up to two decimals, as the desk types them. */
function WeightForm({ cat, id, correctsId }: { cat: TodayCard; id: string; correctsId?: string }) {
  const input = useId();
  return (
    <EntryForm cat={cat} intent="weight" id={id} correctsId={correctsId}>
      <label htmlFor={input} className="block text-sm font-bold">
        Weight (kg)<span className="sr-only"> of {cat.name}</span>
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          id={input}
          name="weight"
          inputMode="decimal"
          autoComplete="off"
          placeholder="e.g. 4.25"
          required
          className="h-11 w-32 rounded-xl border border-brand-200 px-3"
        />
        <Button type="submit" size="compact">
          Log weight<span className="sr-only"> for {cat.name}</span>
        </Button>
      </div>
    </EntryForm>
  );
}

function LitterForm({ cat, id, correctsId }: { cat: TodayCard; id: string; correctsId?: string }) {
  const name = useId();
  return (
    <EntryForm cat={cat} intent="litter" id={id} correctsId={correctsId}>
      <fieldset>
        <legend className="text-sm font-bold">Urine</legend>
        <div className="flex gap-4">
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name="urine" value="yes" defaultChecked id={`${name}-yes`} /> Yes
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name="urine" value="no" id={`${name}-no`} /> No
          </label>
        </div>
      </fieldset>
      <div className="mt-1 flex flex-wrap gap-2">
        {STOOL_KINDS.map((s) => (
          <Button key={s} type="submit" name="stool" value={s} size="compact" variant="outline">
            {STOOL_LABELS[s]}
          </Button>
        ))}
      </div>
    </EntryForm>
  );
}
