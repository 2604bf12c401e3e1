import { z } from "~/lib/zod";
import { ROLES, ROLE_LABELS } from "./roles";

/** An Owner adds a team member by the address they sign in with, gives them a role, and removes them (ADR 0185). */
const teamEmail = z
  .string("Enter the team member's e-mail address")
  .trim()
  .toLowerCase()
  .max(254, "Enter the team member's e-mail address")
  .pipe(z.email("Enter the team member's e-mail address, like name@example.com"));

export const CHOOSE_ROLE = `Choose a role: ${Object.values(ROLE_LABELS).join(", ")}`;
const role = z.enum(ROLES, CHOOSE_ROLE);

export const addTeamMemberForm = z.object({ intent: z.literal("add"), email: teamEmail, role });
export const changeRoleForm = z.object({ intent: z.literal("role"), email: teamEmail, role });
export const removeTeamMemberForm = z.object({ intent: z.literal("remove"), email: teamEmail });
