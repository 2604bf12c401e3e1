import { z } from "~/lib/zod";

/** The form that creates the household's link (an account with no household yet has none): nothing to fill in. */
export const createReferralLinkForm = z.object({});
