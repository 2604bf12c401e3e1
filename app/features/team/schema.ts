import { z } from "~/lib/zod";
import { MAX_FULL_NAME_LENGTH } from "~/domain/team-names";
import { ROLES, ROLE_LABELS } from "~/domain/roles";

/** An Owner adds a team member by the address they sign in with, gives them a role, and removes them (ADR 0185). */
const teamEmail = z
  .string("Enter the team member's e-mail address")
  .trim()
  .toLowerCase()
  .max(254, "Enter the team member's e-mail address")
  .pipe(z.email("Enter the team member's e-mail address, like name@example.com"));

export const CHOOSE_ROLE = `Choose a role: ${Object.values(ROLE_LABELS).join(", ")}`;
const role = z.enum(ROLES, CHOOSE_ROLE);

/** A person's full name as the stay's history shows it (ADR 0196). */
export const fullNameField = z
  .string("Enter the full name")
  .trim()
  .min(1, "Enter the full name")
  .max(MAX_FULL_NAME_LENGTH, `Keep the name to ${MAX_FULL_NAME_LENGTH} characters`);

export const addTeamMemberForm = z.object({ intent: z.literal("add"), email: teamEmail, fullName: fullNameField, role });
export const changeRoleForm = z.object({ intent: z.literal("role"), email: teamEmail, role });
export const removeTeamMemberForm = z.object({ intent: z.literal("remove"), email: teamEmail });

/** A team member's own name, on /account. */
export const teamNameForm = z.object({ intent: z.literal("teamName"), fullName: fullNameField });

/** How many digits an override PIN has, at least and at most. */
export const PIN_DIGITS = { min: 4, max: 8 } as const;
const PIN_MESSAGE = `Enter ${PIN_DIGITS.min} to ${PIN_DIGITS.max} digits`;
export const pinField = z
  .string(PIN_MESSAGE)
  .trim()
  .regex(new RegExp(`^[0-9]{${PIN_DIGITS.min},${PIN_DIGITS.max}}$`), PIN_MESSAGE);

/** A manager's or an Owner's override PIN, on /account: typed twice. */
export const overridePinForm = z
  .object({ intent: z.literal("overridePin"), pin: pinField, repeat: z.string("Type the PIN again").trim() })
  .refine((f) => f.pin === f.repeat, { path: ["repeat"], message: "The two PINs differ: type the same PIN twice" });
