import { Router } from "express";
import { reminderInput } from "~/features/appointments/schema";
import { currentAuth, requireUserApi } from "../auth/guards.server";
import type { AppContext } from "../context";
import { parseBody } from "../http/validation";
import { customerActor, sendReminder } from "./appointments";

/**
 * The specification's `send-sms-reminder` function, for a client that is not our page (My
 * Appointments sends reminders through its own action). Everything else about appointments is done
 * on the pages (ADR 0149).
 */
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
      const record = await sendReminder(db, ctx.telephony, customerActor(currentAuth(res).user), input, ctx.clock.now());
      res.json({ success: true, reminderId: record.id });
    },
  );

  return router;
}
