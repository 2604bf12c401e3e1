import { useState } from "react";
import { Link, useFetcher, useFetchers } from "react-router";
import { customerActor, proposeChange, sendReminder } from "@server/appointments/appointments";
import { cancelCustomerAppointment, isOwnGroom, rescheduleGroom } from "@server/grooming/grooming";
import { stayForGroom } from "@server/grooming/stay-groom";
import type { Db } from "@server/db/client";
import { windowsText } from "~/domain/stay-view";
import { listCustomerAppointmentsPage } from "@server/appointments/customer-views";
import { AppError } from "@server/http/errors";
import { getOptionalUser, requireUser } from "@server/auth/guards.server";
import { formDataOf, submitForm, unknownIntent } from "@server/http/form-action";
import { formToken, submitOnce } from "@server/http/form-once";
import { mapRefusals } from "@server/http/refusals";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/panel";
import { business } from "~/content/business";
import { CancelDialog, ProposeChangeDialog, REMINDER_FETCHER_KEY, ReminderDialog } from "~/features/appointments/appointment-dialogs";
import { AppointmentsTable } from "~/features/appointments/appointments-table";
import { appointmentIdForm, proposeChangeForm, reminderInput } from "~/features/appointments/schema";
import type { AppointmentView } from "~/domain/appointment-view";
import { noindexMeta } from "~/features/seo/seo";
import { keysetPageQuerySchema } from "~/lib/keyset-cursor";
import { formatBusinessDate, formatBusinessTime } from "~/lib/business-time";
import { type FormReply, useNotice } from "~/lib/forms";
import { ActionNotice } from "~/components/action-notice";
import { CustomerPage } from "~/components/customer-page";
import type { Route } from "./+types/appointments";

export const meta: Route.MetaFunction = () => noindexMeta(`My Appointments | ${business.name}`);

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const auth = await getOptionalUser(request, context);
  if (!auth) return { signedIn: false as const };
  const before = new URL(request.url).searchParams.get("before") ?? undefined;
  const asked = keysetPageQuerySchema.pick({ before: true }).safeParse({ before });
  const actor = customerActor(auth.user);
  // A past page is 20 visits; a cursor that does not read (a hand-edited address) shows the latest ones.
  const now = context.clock.now();
  const page = await listCustomerAppointmentsPage(context.db, actor, asked.success ? asked.data : {}, now);
  // Book a Groom sends the customer here with the new groom's id (a redirect, so it works before JavaScript too).
  const params = new URL(request.url).searchParams;
  const booked = page.upcoming.find((a) => a.id === params.get("booked"));
  const moved = page.upcoming.find((a) => a.id === params.get("moved"));
  const bookedLine = booked
    ? booked.status === "Confirmed"
      ? `Your groom is booked for ${booked.date} at ${booked.time}. We've e-mailed you the details and a calendar invitation.`
      : `Your groom on ${booked.date} at ${booked.time} is held while our team checks a vaccine record. We'll e-mail you when it is confirmed.`
    : moved
      ? `Your groom has moved to ${moved.date} at ${moved.time}. We've e-mailed you the new details.`
      : null;
  return {
    signedIn: true as const,
    ...page,
    paged: before !== undefined,
    formToken: formToken(),
    bookedLine: bookedLine && (await withStayLine(context.db, auth.user.id, booked, params.get("stay"), bookedLine)),
  };
});

/** A groom booked from a stay (Book a Groom's `stay`) says so: it is on that stay's departure day, and when pick-up is. */
async function withStayLine(db: Db, userId: string, booked: AppointmentView | undefined, stayId: string | null, line: string) {
  if (!booked || !stayId) return line;
  const stay = await stayForGroom(db, userId, stayId, booked.localDate).catch((error: unknown) => {
    if (error instanceof AppError && error.status < 500) return null;
    throw error;
  });
  if (!stay || stay.checkOut !== booked.localDate) return line;
  const pickUp = stay.departureWindows.length > 0 ? ` Pick-up that day is ${windowsText(stay.departureWindows)}.` : "";
  return `${line} It is on the departure day of your stay, so your cat goes home freshly groomed.${pickUp}`;
}

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const form = await formDataOf(request);
  const intent = form.get("intent");
  if (intent === "remind") {
    // A session that ended while the page was open gets the reminder's own words, not a redirect.
    const auth = await getOptionalUser(request, context);
    if (!auth) {
      return submitForm(form, reminderInput, async () => ({
        kind: "error",
        title: "Authentication required",
        description: "Please sign in to send reminders",
      }));
    }
    const now = context.clock.now();
    return submitOnce(
      { db: context.db, form: "/appointments remind", user: auth.user, now },
      form,
      reminderInput,
      async (input) => {
        await sendReminder(context.db, context.telephony, customerActor(auth.user), input, now);
        return { kind: "success", title: "Reminder Sent", description: "We've texted your reminder." };
      },
      { errorTitle: "Error" },
    );
  }
  const auth = await requireUser(request, context);
  const actor = customerActor(auth.user);
  const ctx = { siteUrl: context.env.PUBLIC_SITE_URL };
  if (intent === "propose") {
    const now = context.clock.now();
    return submitOnce({ db: context.db, form: "/appointments propose", user: auth.user, now }, form, proposeChangeForm, async ({ appointmentId, ...time }) => {
      // A groom booked online moves at once to a free time (the checks of a new booking); anything else is proposed to staff.
      if (await isOwnGroom(context.db, auth.user.id, appointmentId)) {
        const moved = await rescheduleGroom(context.db, auth.user, { appointmentId, day: time.date, time: time.time }, { ...ctx, now });
        return { kind: "success", title: `Your groom has moved to ${formatBusinessDate(moved.startsAt)} at ${formatBusinessTime(moved.startsAt)}.` };
      }
      await proposeChange(context.db, actor, appointmentId, time, now);
      return { kind: "success", title: "Change requested — we'll confirm it soon." };
    });
  }
  if (intent === "cancel") {
    return submitForm(form, appointmentIdForm, async ({ appointmentId }) => {
      await cancelCustomerAppointment(context.db, actor, appointmentId, { ...ctx, now: context.clock.now() });
      return { kind: "success", title: "Appointment cancelled." };
    });
  }
  return unknownIntent();
});

export default function AppointmentsPage({ loaderData }: Route.ComponentProps) {
  return (
    <CustomerPage>
      <h1 className="text-3xl sm:text-4xl">My Appointments</h1>
      <ActionNotice className="mt-4" />
      {loaderData.signedIn && loaderData.bookedLine ? (
        <Notice tone="success" role="status" className="mt-4 text-base">
          {loaderData.bookedLine}
        </Notice>
      ) : null}
      {loaderData.signedIn ? <SignedIn {...loaderData} /> : <SignedOut />}
    </CustomerPage>
  );
}

function SignedOut() {
  return (
    <section className="mt-8 rounded-[var(--radius-card)] bg-white p-8 text-center shadow-[var(--shadow-card)]">
      <h2 className="text-2xl">Sign in to see your appointments</h2>
      <p className="mx-auto mt-2 max-w-md text-muted">Use the e-mail address you gave us when booking. We'll send you a sign-in link — no password needed.</p>
      <Button asChild className="mt-6">
        <Link to="/auth?redirectTo=/appointments">Sign In or Join</Link>
      </Button>
    </section>
  );
}

function SignedIn({
  upcoming,
  past,
  older,
  paged,
  formToken,
}: {
  upcoming: AppointmentView[];
  past: AppointmentView[];
  older: string | null;
  paged: boolean;
  formToken: string;
}) {
  const [reminding, setReminding] = useState<AppointmentView | null>(null);
  const [editing, setEditing] = useState<AppointmentView | null>(null);
  const [cancelling, setCancelling] = useState<AppointmentView | null>(null);
  const reminder = useFetcher<FormReply>({ key: REMINDER_FETCHER_KEY });
  useNotice(reminder.data);
  const sending = useFetchers().find((f) => f.key === REMINDER_FETCHER_KEY && f.state !== "idle");
  const sendingId = sending?.formData?.get("appointmentId")?.toString() ?? null;

  const handlers = { sendingId, onRemind: setReminding, onEdit: setEditing, onCancel: setCancelling };
  return (
    <>
      {upcoming.length === 0 && past.length === 0 && !paged ? (
        <section className="mt-8 rounded-[var(--radius-card)] bg-white p-8 text-center shadow-[var(--shadow-card)]">
          <h2 className="text-2xl">No appointments yet</h2>
          <p className="mx-auto mt-2 max-w-md text-muted">When you book a stay or a groom with us, it will appear here.</p>
          <Button asChild className="mt-6">
            <a href="/#services">Book a service</a>
          </Button>
        </section>
      ) : null}
      {upcoming.length > 0 ? (
        <section className="mt-8" aria-labelledby="upcoming-heading">
          <h2 id="upcoming-heading" className="mb-4 text-2xl">
            Upcoming
          </h2>
          <AppointmentsTable caption="Upcoming appointments" appointments={upcoming} {...handlers} />
        </section>
      ) : null}
      {past.length > 0 ? (
        <section className="mt-10" aria-labelledby="past-heading">
          <h2 id="past-heading" className="mb-4 text-2xl">
            Past
          </h2>
          <AppointmentsTable caption="Past appointments" appointments={past} {...handlers} />
        </section>
      ) : null}
      {older || paged ? (
        <nav aria-label="Past appointments pages" className="mt-4 flex flex-wrap gap-4">
          {paged ? (
            <Link to="/appointments" className="font-semibold text-brand-700 underline underline-offset-4">
              Latest appointments
            </Link>
          ) : null}
          {older ? (
            <Link to={`/appointments?before=${encodeURIComponent(older)}`} className="font-semibold text-brand-700 underline underline-offset-4">
              Show older appointments
            </Link>
          ) : null}
        </nav>
      ) : null}
      <ReminderDialog appointment={reminding} onOpenChange={(o) => !o && setReminding(null)} businessName={business.name} formToken={formToken} />
      <ProposeChangeDialog appointment={editing} onOpenChange={(o) => !o && setEditing(null)} formToken={formToken} />
      <CancelDialog appointment={cancelling} onOpenChange={(o) => !o && setCancelling(null)} />
    </>
  );
}
