import { checkboxField } from "~/lib/validation";
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

/** The intent of /account's diary switch. */
export const DIARY_INTENT = "diary";

/** The evening diary mail during a stay (ADR 0163): the switch on /account, ticked to get it. */
export const diaryForm = z.object({ diary: checkboxField() });
export type DiaryPreference = z.output<typeof diaryForm>;
