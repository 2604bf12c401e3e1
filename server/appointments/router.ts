import { Router } from "express";
import { appointmentInput, localDate, proposeChangeInput, reminderInput } from "~/features/appointments/schema";
import { serviceTitle } from "~/features/appointments/service-catalogue";
import { toAppointmentView } from "~/features/appointments/view";
import { z } from "~/lib/zod";
import { currentAuth, requireUserApi } from "../auth/guards.server";
import type { AppContext } from "../context";
import { APPOINTMENT_STATUSES } from "../db/schema/index";
import { parseBody } from "../http/validation";
import {
  cancelByCustomer,
  confirmProposal,
  createAppointment,
  customerActor,
  listForDay,
  proposeChange,
  sendReminder,
  setStatus,
  staffActor,
  updateAppointment,
} from "./appointments";

const view = (row: Parameters<typeof toAppointmentView>[0]) => toAppointmentView(row, serviceTitle);
const idParam = z.object({ id: z.uuid("Unknown appointment") });

/** Customer endpoints: the signed-in customer's own appointments only. */
export function appointmentsRouter(ctx: AppContext): Router {
  const router = Router();
  const db = ctx.database.db;

  // send-sms-reminder: a client without a session gets 401 AUTH_REQUIRED, which the page words as 'Authentication required'.
  router.post(
    "/appointments/send-sms-reminder",
    // No session: 401, which the page shows as 'Authentication required' / 'Please sign in to send reminders'.
    requireUserApi(ctx),
    async (req, res) => {
      const input = parseBody(reminderInput, req.body);
      const record = await sendReminder(db, ctx.telephony, customerActor(currentAuth(res).user), input);
      res.json({ success: true, reminderId: record.id });
    },
  );

  router.post("/appointments/:id/propose", requireUserApi(ctx), async (req, res) => {
    const { id } = parseBody(idParam, req.params);
    const row = await proposeChange(db, customerActor(currentAuth(res).user), id, parseBody(proposeChangeInput, req.body));
    res.json({ appointment: view(row) });
  });

  router.post("/appointments/:id/cancel", requireUserApi(ctx), async (req, res) => {
    const { id } = parseBody(idParam, req.params);
    const row = await cancelByCustomer(db, customerActor(currentAuth(res).user), id);
    res.json({ appointment: view(row) });
  });

  return router;
}

/** Staff endpoints, mounted under /api/admin (already behind requireAdminApi). */
export function adminAppointmentsRouter(ctx: AppContext): Router {
  const router = Router();
  const db = ctx.database.db;
  const staff = (res: Parameters<typeof currentAuth>[0]) => staffActor(currentAuth(res).user);

  router.get("/", async (req, res) => {
    const query = parseBody(z.object({ day: localDate, status: z.enum(APPOINTMENT_STATUSES).optional() }), req.query);
    const rows = await listForDay(db, staff(res), query.day, query.status);
    res.json({ appointments: rows.map(view) });
  });

  router.post("/", async (req, res) => {
    const row = await createAppointment(db, staff(res), parseBody(appointmentInput, req.body));
    res.status(201).json({ appointment: view(row) });
  });

  router.put("/:id", async (req, res) => {
    const { id } = parseBody(idParam, req.params);
    const row = await updateAppointment(db, staff(res), id, parseBody(appointmentInput, req.body));
    res.json({ appointment: view(row) });
  });

  router.post("/:id/confirm", async (req, res) => {
    const { id } = parseBody(idParam, req.params);
    res.json({ appointment: view(await confirmProposal(db, staff(res), id)) });
  });

  router.post("/:id/status", async (req, res) => {
    const { id } = parseBody(idParam, req.params);
    const { status } = parseBody(z.object({ status: z.enum(["Cancelled", "Completed", "Confirmed"]) }), req.body);
    res.json({ appointment: view(await setStatus(db, staff(res), id, status)) });
  });

  return router;
}
