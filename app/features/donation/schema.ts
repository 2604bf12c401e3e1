import { z } from "~/lib/zod";
import { PUBLIC_FORM_INTENTS } from "~/lib/public-forms";

/** "Donate Now" posted before the script ran (ADR 0176): the demo takes nothing but the intent. */
export const donateForm = z.object({ intent: z.literal(PUBLIC_FORM_INTENTS.donate) });
