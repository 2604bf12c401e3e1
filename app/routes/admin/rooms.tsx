import { type FieldMetadata, getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, useActionData, useFetcher, useLoaderData } from "react-router";
import { requirePermission } from "@server/auth/guards.server";
import { formDataOf, submitForm, unknownIntent } from "@server/http/form-action";
import { formToken, submitOnce } from "@server/http/form-once";
import { listSuiteTypes, loadStaySettings } from "@server/stays/calendar";
import { mapRefusals } from "@server/http/refusals";
import {
  addCalendarRule,
  addSuite,
  deleteCalendarRule,
  listCalendarRules,
  listSuites,
  loadManagerMobile,
  loadOwnerMobile,
  processSuitePhoto,
  saveHouseRules,
  saveStayWindows,
  saveSuiteType,
  setSuiteInService,
} from "@server/stays/rooms";
import { ActionNotice } from "~/components/action-notice";
import { FormToken } from "~/components/form-token";
import { Button } from "~/components/ui/button";
import { Field, FileField, FormError } from "~/components/ui/field";
import { FieldError, Label } from "~/components/ui/input";
import { Badge, Panel } from "~/components/ui/panel";
import { selectClass } from "~/features/admin/leads/lead-parts";
import {
  CALENDAR_RULE_KINDS,
  CALENDAR_RULE_LABELS,
  calendarRuleForm,
  deleteRuleForm,
  houseRulesForm,
  stayWindowsForm,
  suiteForm,
  suiteServiceForm,
  suiteTypeForm,
  WINDOWS_PER_DAY,
} from "~/features/stays/admin-schema";
import { UPLOAD_LIMITS } from "~/domain/images";
import { type TimeWindow, WEEK_FROM_MONDAY, type WeeklyWindows } from "~/domain/calendar";
import { formatCents } from "~/lib/money";
import { formatUsPhone } from "~/lib/phone";
import { dayWindowsText, suitePhotoImage, windowsText } from "~/domain/stay-view";
import { type FormReply, replyTo, settledResult, useNotice, useZodForm } from "~/lib/forms";
import { businessDate, formatCalendarDayWeekday } from "~/lib/business-time";
import type { Route } from "./+types/rooms";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Suites and rules");

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  await requirePermission(request, context, "rates");
  const { db } = context;
  const [types, suites, rules, stay, managerMobile, ownerMobile] = await Promise.all([
    listSuiteTypes(db),
    listSuites(db),
    listCalendarRules(db, businessDate(context.clock.now())),
    loadStaySettings(db),
    loadManagerMobile(db),
    loadOwnerMobile(db),
  ]);
  return { types, suites, rules, settings: { ...stay, managerMobile, ownerMobile }, formToken: formToken() };
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requirePermission(request, context, "rates");
  const form = await formDataOf(request);
  const { db } = context;
  switch (form.get("intent")) {
    case "saveType":
      return submitForm(form, suiteTypeForm, async ({ photo, ...input }) => {
        // The photo is checked before anything is saved, so a refused photo changes nothing.
        const image = photo ? await processSuitePhoto(Buffer.from(await photo.arrayBuffer())) : null;
        await saveSuiteType(db, input, image ? { image, uploadedBy: admin.user.email } : null, context.clock.now());
        return { kind: "success", title: `${input.name} saved` };
      });
    case "windows":
      return submitForm(form, stayWindowsForm, async (input) => {
        await saveStayWindows(db, input, admin.user.email, context.clock.now());
        return { kind: "success", title: "Arrival and departure hours saved" };
      });
    case "addSuite":
      return submitForm(form, suiteForm, async (input) => {
        await addSuite(db, input);
        return { kind: "success", title: `Suite ${input.name} added` };
      });
    case "suiteService":
      return submitForm(form, suiteServiceForm, async ({ suiteId, inService }) => {
        const suite = await setSuiteInService(db, suiteId, inService);
        return { kind: "success", title: `${suite.name} is ${inService ? "in service" : "out of service"}` };
      });
    case "addRule": {
      const now = context.clock.now();
      return submitOnce({ db, form: "/admin/rooms addRule", user: admin.user, now }, form, calendarRuleForm, async (input) => {
        await addCalendarRule(db, input, now);
        return { kind: "success", title: `${input.name} added to the calendar` };
      });
    }
    case "deleteRule":
      return submitForm(form, deleteRuleForm, async ({ ruleId }) => {
        await deleteCalendarRule(db, ruleId);
        return { kind: "success", title: "Rule removed" };
      });
    case "houseRules":
      return submitForm(form, houseRulesForm, async (input) => {
        await saveHouseRules(db, input, admin.user.email, context.clock.now());
        return { kind: "success", title: "House rules saved" };
      });
    default:
      return unknownIntent();
  }
});

type LoaderData = Route.ComponentProps["loaderData"];
const dollars = (cents: number) => (cents / 100).toFixed(2);

function SuiteTypeEditor({ type }: { type?: LoaderData["types"][number] }) {
  const key = type?.id ?? "new";
  const fetcher = useFetcher<FormReply>({ key: `suite-type-${key}` });
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const [form, fields] = useZodForm(suiteTypeForm, {
    id: `suite-type-${key}`,
    lastResult: settledResult(fetcher),
    defaultValue: type
      ? {
          intent: "saveType",
          suiteTypeId: type.id,
          name: type.name,
          description: type.description,
          size: type.size,
          maxCats: String(type.maxCats),
          nightlyRate: dollars(type.nightlyRateCents),
          extraCatRate: dollars(type.extraCatRateCents),
        }
      : { intent: "saveType" },
  });
  const photo = type?.photoImageId ? suitePhotoImage(type.photoImageId, "144px") : null;
  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="grid gap-3 rounded-xl border border-brand-100 p-4 sm:grid-cols-6"
    >
      <input type="hidden" name="intent" value="saveType" />
      {type ? <input type="hidden" name="suiteTypeId" value={type.id} /> : null}
      <Field className="sm:col-span-2" label="Name" field={fields.name} />
      <Field className="sm:col-span-2" label="Size" field={fields.size} placeholder="5 ft × 4 ft × 6 ft" />
      <Field className="sm:col-span-2" label="Most cats per suite" field={fields.maxCats} type="number" min={1} max={6} />
      <Field className="sm:col-span-6" label="Description" field={fields.description} />
      <Field className="sm:col-span-3" label="Nightly rate, first cat ($)" field={fields.nightlyRate} inputMode="decimal" />
      <Field className="sm:col-span-3" label="Each further cat ($ a night)" field={fields.extraCatRate} inputMode="decimal" />
      <div className="flex flex-col gap-3 sm:col-span-6 sm:flex-row sm:items-start">
        {photo ? (
          <img {...photo} alt={type!.name} className="aspect-[3/2] w-36 shrink-0 rounded-lg border border-brand-100 object-cover" />
        ) : (
          <div className="flex aspect-[3/2] w-36 shrink-0 items-center justify-center rounded-lg border border-dashed border-brand-200 text-sm text-muted">
            No photo yet
          </div>
        )}
        <div className="grid min-w-0 flex-1 gap-2">
          <FileField
            label={photo ? "Replace the photo" : "Photo"}
            hint={`Shown to customers choosing a suite. JPEG, PNG or WebP, up to ${UPLOAD_LIMITS.maxBytes / (1024 * 1024)} MB, at least ${UPLOAD_LIMITS.minSide} pixels a side; landscape suits best.`}
            field={fields.photo}
            accept={UPLOAD_LIMITS.types.join(",")}
          />
          {photo ? (
            <label className="flex items-center gap-2">
              <input type="checkbox" name={fields.removePhoto.name} className="h-5 w-5 accent-brand-700" /> Remove the photo
            </label>
          ) : null}
        </div>
      </div>
      <FormError className="sm:col-span-6" errors={form.errors} />
      <div className="sm:col-span-6">
        <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Saving…" : type ? "Save" : "Add suite type"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** Blank fields for the windows a day does not use, so the editor always shows every box. */
function typedWeek(windows: WeeklyWindows) {
  return Array.from({ length: 7 }, (_, day) =>
    Array.from({ length: WINDOWS_PER_DAY }, (_, i) => ({ from: windows[day]?.[i]?.from ?? "", to: windows[day]?.[i]?.to ?? "" })),
  );
}

type WindowFields = FieldMetadata<{ from?: string; to?: string }>;

/** One window's start and end; the visible "to" reads as a range, the labels say which box is which. */
function WindowInputs({ window, label }: { window: WindowFields; label: string }) {
  const { from, to } = window.getFieldset();
  const timeClass =
    "h-11 w-32 rounded-xl border border-brand-200 bg-white px-2 tabular-nums focus:border-brand-500 focus:ring-2 focus:ring-brand-300 focus:outline-none aria-invalid:border-red-600";
  return (
    <div>
      <div className="flex items-center gap-1.5">
        <label htmlFor={from.id} className="sr-only">
          {label}, from
        </label>
        <input {...getInputProps(from, { type: "time", ariaAttributes: true })} key={from.key} className={timeClass} />
        <span aria-hidden="true">–</span>
        <label htmlFor={to.id} className="sr-only">
          {label}, to
        </label>
        <input {...getInputProps(to, { type: "time", ariaAttributes: true })} key={to.key} className={timeClass} />
      </div>
      <FieldError id={from.errorId}>{from.errors?.[0]}</FieldError>
      <FieldError id={to.errorId}>{to.errors?.[0]}</FieldError>
    </div>
  );
}

function DayWindows({ day, label, dayName }: { day: FieldMetadata<{ from?: string; to?: string }[]>; label: string; dayName: string }) {
  const windows = day.getFieldList();
  return (
    <div>
      <p className="mb-1 text-sm font-bold text-brand-900">{label}</p>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {windows.map((w, i) => (
          <WindowInputs key={w.key} window={w} label={`${dayName} ${label.toLowerCase()}, window ${i + 1}`} />
        ))}
      </div>
      <FieldError id={day.errorId}>{day.errors?.[0]}</FieldError>
    </div>
  );
}

function StayWindowsForm({ settings }: { settings: LoaderData["settings"] }) {
  const fetcher = useFetcher<FormReply>({ key: "stay-windows" });
  // Posted without JavaScript, the answer is the page's own action data.
  const posted = replyTo(useActionData<FormReply>(), "windows");
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const [form, fields] = useZodForm(stayWindowsForm, {
    id: "stay-windows",
    lastResult: fetcher.data ? settledResult(fetcher) : posted?.result,
    defaultValue: { intent: "windows", arrival: typedWeek(settings.arrivalWindows), departure: typedWeek(settings.departureWindows) },
  });
  const arrival = fields.arrival.getFieldList();
  const departure = fields.departure.getFieldList();
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value="windows" />
      <ul className="grid gap-3">
        {WEEK_FROM_MONDAY.map(({ day, name }) => (
          <li key={day}>
            <fieldset className="grid gap-3 rounded-xl border border-brand-100 p-3 lg:grid-cols-[7rem_1fr_1fr] lg:items-start">
              <legend className="sr-only">{name}</legend>
              <p aria-hidden="true" className="font-semibold lg:pt-7">
                {name}
              </p>
              <DayWindows day={arrival[day]!} label="Arrivals" dayName={name} />
              <DayWindows day={departure[day]!} label="Departures" dayName={name} />
            </fieldset>
          </li>
        ))}
      </ul>
      <FormError errors={form.errors} />
      <div>
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          {fetcher.state !== "idle" ? "Saving…" : "Save arrival and departure hours"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

function AddSuiteForm({ types }: { types: LoaderData["types"] }) {
  const fetcher = useFetcher<FormReply>({ key: "add-suite" });
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const [form, fields] = useZodForm(suiteForm, { id: "add-suite", lastResult: fetcher.data?.result, defaultValue: { intent: "addSuite" } });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
      <input type="hidden" name="intent" value="addSuite" />
      <Field label="New suite's name or number" field={fields.name} />
      <div>
        <Label htmlFor={fields.suiteTypeId.id}>Type</Label>
        <select {...getSelectProps(fields.suiteTypeId)} className={selectClass} key={fields.suiteTypeId.key}>
          <option value="">Choose…</option>
          {types.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        <FieldError id={fields.suiteTypeId.errorId}>{fields.suiteTypeId.errors?.[0]}</FieldError>
      </div>
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        Add suite
      </Button>
      <FormError className="sm:col-span-3" errors={form.errors} />
    </fetcher.Form>
  );
}

function AddRuleForm() {
  const fetcher = useFetcher<FormReply>({ key: "add-rule" });
  const { formToken } = useLoaderData<typeof loader>();
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const [form, fields] = useZodForm(calendarRuleForm, { id: "add-rule", lastResult: fetcher.data?.result, defaultValue: { intent: "addRule", kind: "peak" } });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 grid gap-3 rounded-xl border border-brand-100 p-4 sm:grid-cols-4">
      <input type="hidden" name="intent" value="addRule" />
      <FormToken token={formToken} />
      <div className="sm:col-span-2">
        <Label htmlFor={fields.kind.id}>Kind</Label>
        <select {...getSelectProps(fields.kind)} className={selectClass} key={fields.kind.key}>
          {CALENDAR_RULE_KINDS.map((k) => (
            <option key={k} value={k}>
              {CALENDAR_RULE_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      <Field className="sm:col-span-2" label="Name (shown to customers)" field={fields.name} placeholder="Thanksgiving" />
      <Field className="sm:col-span-2" label="First day" field={fields.startsOn} type="date" />
      <Field className="sm:col-span-2" label="Last day" field={fields.endsOn} type="date" />
      <fieldset className="grid gap-3 sm:col-span-4 sm:grid-cols-4">
        <legend className="mb-1 text-sm font-bold text-brand-900">Peak periods</legend>
        <Field label="Surcharge (%)" field={fields.surchargePercent} type="number" min={0} max={500} />
        <Field label="Minimum nights" field={fields.minNights} type="number" min={1} max={60} />
        <Field label="Free cancellation until (days before)" field={fields.freeCancellationDays} type="number" min={0} />
        <Field label="Fee after that (% of price)" field={fields.lateCancellationFeePercent} type="number" min={0} max={100} />
        <Field label="Deposit at booking (% of price)" field={fields.depositPercent} type="number" min={1} max={100} />
        <Field label="Or a fixed deposit ($)" field={fields.depositDollars} type="number" min={1} step="0.01" />
      </fieldset>
      <fieldset className="flex flex-wrap gap-x-6 gap-y-2 sm:col-span-4">
        <legend className="mb-1 text-sm font-bold text-brand-900">Closed days</legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" name={fields.closedForArrival.name} className="h-5 w-5 accent-brand-700" /> Closed for arrivals
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name={fields.closedForDeparture.name} className="h-5 w-5 accent-brand-700" /> Closed for departures
        </label>
        <FieldError id={fields.closedForArrival.errorId}>{fields.closedForArrival.errors?.[0]}</FieldError>
      </fieldset>
      <FormError className="sm:col-span-4" errors={form.errors} />
      <div className="sm:col-span-4">
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Add to the calendar
        </Button>
      </div>
    </fetcher.Form>
  );
}

function HouseRulesForm({ settings }: { settings: LoaderData["settings"] }) {
  const fetcher = useFetcher<FormReply>({ key: "house-rules" });
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const [form, fields] = useZodForm(houseRulesForm, {
    id: "house-rules",
    lastResult: settledResult(fetcher),
    defaultValue: {
      intent: "houseRules",
      maxNights: String(settings.maxNights),
      freeCancellationDays: String(settings.freeCancellationDays),
      lateCancellationFeePercent: String(settings.lateCancellationFeePercent),
      medicationRate: dollars(settings.medicationRateCents),
      waitlistOfferHours: String(settings.waitlistOfferHours),
      firstNightFreeMinNights: settings.firstNightFreeMinNights === null ? "" : String(settings.firstNightFreeMinNights),
      managerMobile: settings.managerMobile ? formatUsPhone(settings.managerMobile) : "",
      latePickupFee: settings.latePickupFeeCents ? dollars(settings.latePickupFeeCents) : "",
      ownerMobile: settings.ownerMobile ? formatUsPhone(settings.ownerMobile) : "",
    },
  });
  // Bottom-aligned: the first-night label wraps to two lines and would push its box below its row's.
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-3 sm:items-end">
      <input type="hidden" name="intent" value="houseRules" />
      <Field label="Longest stay (nights)" field={fields.maxNights} type="number" min={1} max={365} />
      <Field label="Free cancellation until (days before check-in)" field={fields.freeCancellationDays} type="number" min={0} />
      <Field label="Fee after that (% of price)" field={fields.lateCancellationFeePercent} type="number" min={0} max={100} />
      <Field label="Medication ($ per cat per night)" field={fields.medicationRate} inputMode="decimal" />
      <Field label="Waitlist offers held (hours)" field={fields.waitlistOfferHours} type="number" min={1} max={168} />
      <Field
        label="First night free for new customers, on stays of at least (nights; empty: off)"
        field={fields.firstNightFreeMinNights}
        type="number"
        min={1}
        max={365}
      />
      <Field
        label="Manager's mobile (texted for every urgent care alert; empty: no text)"
        field={fields.managerMobile}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="(949) 555-0123"
      />
      <Field
        label="Owner's mobile (texted when an urgent alert is not acknowledged in 30 minutes; empty: no text)"
        field={fields.ownerMobile}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="(949) 555-0123"
      />
      <Field
        label="Late-pickup fee ($, added once when a cat is not collected by the end of its departure window; empty: none)"
        field={fields.latePickupFee}
        inputMode="decimal"
      />
      <FormError className="sm:col-span-3" errors={form.errors} />
      <div className="sm:col-span-3">
        <Button type="submit" disabled={fetcher.state !== "idle"}>
          Save house rules
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** A day's windows one to a line. */
function DayWindowsLines({ windows }: { windows: TimeWindow[] }) {
  if (windows.length === 0) return <>{dayWindowsText(windows)}</>;
  return windows.map((w) => (
    <span key={w.from} className="block">
      {windowsText([w])}
    </span>
  ));
}

/** The saved hours, day by day, as customers read them. */
function WeeklyWindowsSummary({ arrivals, departures }: { arrivals: WeeklyWindows; departures: WeeklyWindows }) {
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <tr className="border-b border-brand-100">
          <th scope="col" className="py-1.5 pr-3">
            Day
          </th>
          <th scope="col" className="py-1.5 pr-3">
            Arrivals
          </th>
          <th scope="col" className="py-1.5">
            Departures
          </th>
        </tr>
      </thead>
      <tbody>
        {WEEK_FROM_MONDAY.map(({ day, name }) => (
          <tr key={day} className="border-b border-brand-50 align-top">
            <th scope="row" className="py-1.5 pr-3 font-semibold">
              {name}
            </th>
            <td className="py-1.5 pr-3">
              <DayWindowsLines windows={arrivals[day] ?? []} />
            </td>
            <td className="py-1.5">
              <DayWindowsLines windows={departures[day] ?? []} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ruleSummary(rule: LoaderData["rules"][number]) {
  if (rule.kind === "blackout") return "No stays";
  if (rule.kind === "closed")
    return [rule.closedForArrival ? "No arrivals" : null, rule.closedForDeparture ? "No departures" : null].filter(Boolean).join(", ");
  return [
    rule.surchargePercent ? `+${rule.surchargePercent}%` : null,
    rule.minNights > 1 ? `at least ${rule.minNights} nights` : null,
    rule.freeCancellationDays !== null ? `free cancellation until ${rule.freeCancellationDays} days before` : null,
    rule.lateCancellationFeePercent !== null ? `${rule.lateCancellationFeePercent}% fee after` : null,
    rule.depositPercent ? `${rule.depositPercent}% deposit at booking` : null,
    rule.depositCents ? `${formatCents(rule.depositCents)} deposit at booking` : null,
  ]
    .filter(Boolean)
    .join(", ");
}

export default function RoomsPage({ loaderData: { types, suites, rules, settings } }: Route.ComponentProps) {
  const posted = useActionData<FormReply>();
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl">Suites and rules</h1>
        <p className="mt-1 text-muted">Suite types and rates, the suites, and the calendar that online booking follows.</p>
        <ActionNotice className="mt-4" />
        {posted?.result.status === "error" && !posted.notice ? <FormError className="mt-4" errors={posted.result.error?.[""] ?? undefined} /> : null}
      </div>

      <Panel title="Suite types" description="What customers choose and pay for. Stays already booked keep the price they were booked at.">
        <div className="grid gap-4">
          {types.map((t) => (
            <SuiteTypeEditor key={t.id} type={t} />
          ))}
          <details>
            <summary className="cursor-pointer font-semibold text-brand-700">Add a suite type</summary>
            <div className="mt-3">
              <SuiteTypeEditor />
            </div>
          </details>
        </div>
      </Panel>

      <Panel title="Suites" description="A suite out of service takes no new stays; stays it already holds keep it.">
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {suites.map((s) => (
            <li key={s.id} className="flex items-center justify-between gap-3 rounded-xl border border-brand-100 px-3 py-2">
              {/* Name and type on two lines whatever the badge says, so a row keeps its height when its state changes. */}
              <span className="min-w-0">
                <span className="block font-semibold">{s.name}</span>
                <span className="block text-sm text-muted">{types.find((t) => t.id === s.suiteTypeId)?.name}</span>
              </span>
              <Form method="post" className="flex items-center gap-2">
                <input type="hidden" name="intent" value="suiteService" />
                <input type="hidden" name="suiteId" value={s.id} />
                {s.inService ? null : <input type="hidden" name="inService" value="on" />}
                {s.inService ? <Badge tone="success">In service</Badge> : <Badge tone="neutral">Out of service</Badge>}
                <Button
                  type="submit"
                  size="sm"
                  variant="ghost"
                  className="whitespace-nowrap"
                  aria-label={`${s.inService ? "Take out of service" : "Put back in service"}: ${s.name}`}
                >
                  {s.inService ? "Take out" : "Put back"}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
        <AddSuiteForm types={types} />
      </Panel>

      <Panel
        title="Arrival and departure hours"
        description="When cats may be dropped off and collected on each day of the week, shown to customers when they book. Leave a day's boxes empty to close it; a calendar rule below can close single days."
      >
        <WeeklyWindowsSummary arrivals={settings.arrivalWindows} departures={settings.departureWindows} />
        {/* Posted without JavaScript and refused: the page comes back with the editor open on its errors. */}
        <details className="mt-4" open={replyTo(posted, "windows")?.result.status === "error" || undefined}>
          <summary className="cursor-pointer font-semibold text-brand-700">Change the hours</summary>
          <div className="mt-3">
            <StayWindowsForm settings={settings} />
          </div>
        </details>
      </Panel>

      <Panel
        title="Calendar"
        description="Peak periods, blackouts and days closed for arrivals or departures, on top of the weekly arrival and departure hours."
      >
        {rules.length === 0 ? (
          <p className="text-muted">No rules for the days ahead.</p>
        ) : (
          <ul className="grid gap-2">
            {rules.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-100 px-3 py-2">
                <span>
                  <span className="font-semibold">{r.name}</span> · {formatCalendarDayWeekday(r.startsOn)}
                  {r.endsOn !== r.startsOn ? ` – ${formatCalendarDayWeekday(r.endsOn)}` : ""} ·{" "}
                  <Badge tone={r.kind === "peak" ? "warning" : "danger"}>{CALENDAR_RULE_LABELS[r.kind]}</Badge>{" "}
                  <span className="text-sm text-muted">{ruleSummary(r)}</span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="deleteRule" />
                  <input type="hidden" name="ruleId" value={r.id} />
                  <Button type="submit" size="sm" variant="ghost-danger" aria-label={`Remove ${r.name}`}>
                    Remove
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <AddRuleForm />
      </Panel>

      <Panel
        title="House rules"
        description={`Cancellation terms and extras for days without a peak rule. Medication is now ${formatCents(settings.medicationRateCents)} per cat per night.`}
      >
        <HouseRulesForm settings={settings} />
      </Panel>
    </div>
  );
}
