import { z } from "~/lib/zod";

/** The word a customer types to confirm that the account is to be deleted. */
export const DELETE_CONFIRMATION_WORD = "DELETE";

/** The second step of deleting an account (/account/delete): the typed confirmation. */
export const deleteAccountForm = z.object({
  confirmation: z
    .string({ error: `Type ${DELETE_CONFIRMATION_WORD} to confirm.` })
    .trim()
    .refine((v) => v.toUpperCase() === DELETE_CONFIRMATION_WORD, `Type ${DELETE_CONFIRMATION_WORD} to confirm.`),
});
