import { getFormProps, getSelectProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { requirePermission } from "@server/auth/guards.server";
import { listTeam, removeTeamMember, setTeamRole } from "@server/auth/roles";
import { formDataOf, submitForm, unknownIntent } from "@server/http/form-action";
import { mapRefusals } from "@server/http/refusals";
import { ActionNotice } from "~/components/action-notice";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { FieldError, Label, selectClass } from "~/components/ui/input";
import { MAX_FULL_NAME_LENGTH, teamMemberName } from "~/domain/team-names";
import { ROLES, ROLE_DESCRIPTIONS, ROLE_LABELS, type Role } from "~/domain/roles";
import { addTeamMemberForm, changeRoleForm, removeTeamMemberForm } from "~/features/team/schema";
import { formatBusinessDate } from "~/lib/business-time";
import { type FormReply, useNotice, useZodForm } from "~/lib/forms";
import type { Route } from "./+types/team";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Team");

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  const { user } = await requirePermission(request, context, "team");
  return { me: user.email, team: (await listTeam(context.db)).map((m) => ({ ...m, since: formatBusinessDate(m.since) })) };
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const owner = await requirePermission(request, context, "team");
  const form = await formDataOf(request);
  switch (form.get("intent")) {
    case "add":
      return submitForm(form, addTeamMemberForm, async ({ email, fullName, role }) => {
        const outcome = await setTeamRole(context.db, email, role, fullName);
        context.logger.info({ owner: owner.user.id, role, outcome }, "team member added");
        if (outcome === "unchanged") return { kind: "success", title: `${fullName} is on the team already, as ${ROLE_LABELS[role]}.` };
        if (outcome === "changed") return { kind: "success", title: `${fullName} is now ${ROLE_LABELS[role]}.` };
        return {
          kind: "success",
          title: `${fullName} is on the team, as ${ROLE_LABELS[role]}.`,
          description: "They sign in with this address; their menu shows what their role opens.",
        };
      });
    case "role":
      return submitForm(form, changeRoleForm, async ({ email, role }) => {
        const outcome = await setTeamRole(context.db, email, role);
        context.logger.info({ owner: owner.user.id, role, outcome }, "team member's role changed");
        return { kind: "success", title: outcome === "unchanged" ? `${email} is ${ROLE_LABELS[role]} already.` : `${email} is now ${ROLE_LABELS[role]}.` };
      });
    case "remove":
      return submitForm(form, removeTeamMemberForm, async ({ email }) => {
        const removed = await removeTeamMember(context.db, email);
        context.logger.info({ owner: owner.user.id, removed }, "team member removed");
        return { kind: "success", title: removed ? `${email} is no longer on the team.` : `${email} was not on the team; nothing changed.` };
      });
    default:
      return unknownIntent();
  }
});

export default function AdminTeam({ loaderData: { team, me } }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="text-3xl">Team</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Each person signs in with their e-mail address and has one role; their menu shows only what the role opens. The team always keeps at least one Owner.
      </p>
      <dl className="mt-4 grid max-w-2xl gap-2 text-sm">
        {ROLES.map((role) => (
          <div key={role} className="flex flex-wrap gap-x-2">
            <dt className="font-bold">{ROLE_LABELS[role]}</dt>
            <dd className="text-muted">{ROLE_DESCRIPTIONS[role]}</dd>
          </div>
        ))}
      </dl>
      <ActionNotice className="mt-4" />
      <AddForm />
      <h2 id="team-heading" className="mt-8 text-xl">
        The team
      </h2>
      <ul aria-labelledby="team-heading" className="mt-3 grid max-w-3xl gap-3">
        {team.map((m) => (
          <li key={m.email} className="grid gap-3 rounded-2xl border border-brand-100 bg-white p-4 sm:grid-cols-[1fr_auto] sm:items-end">
            <div>
              <p className="font-semibold break-words">
                {teamMemberName(m)}
                {m.email === me ? <span className="font-normal text-muted"> (you)</span> : null}
              </p>
              <p className="text-sm break-all text-muted">{m.email}</p>
              <p className="text-sm text-muted">
                {ROLE_LABELS[m.role]} since {m.since}
              </p>
            </div>
            <div className="flex flex-wrap items-end gap-2">
              <RoleForm email={m.email} role={m.role} />
              <RemoveForm email={m.email} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function AddForm() {
  const fetcher = useFetcher<FormReply>({ key: "team-add" });
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const [form, fields] = useZodForm(addTeamMemberForm, { id: "team-add", lastResult: fetcher.data?.result });
  return (
    <fetcher.Form method="post" className="mt-6 grid max-w-md gap-3 rounded-2xl bg-brand-50 p-4" {...getFormProps(form)}>
      <h2 className="text-lg">Add a person</h2>
      <input type="hidden" name="intent" value="add" />
      <Field label="Their full name" field={fields.fullName} autoComplete="off" maxLength={MAX_FULL_NAME_LENGTH} />
      <Field label="Their e-mail address" field={fields.email} type="email" autoComplete="off" />
      <div>
        <Label htmlFor={fields.role.id}>Role</Label>
        <select {...getSelectProps(fields.role, { ariaAttributes: true })} key={fields.role.key} className={selectClass}>
          <option value="">Choose a role</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
        <FieldError id={fields.role.errorId}>{fields.role.errors?.[0]}</FieldError>
      </div>
      <FormError errors={form.errors} />
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        Add to the team
      </Button>
    </fetcher.Form>
  );
}

function RoleForm({ email, role }: { email: string; role: Role }) {
  const fetcher = useFetcher<FormReply>({ key: `team-role-${email}` });
  useNotice(fetcher.data);
  const id = `role-${email}`;
  return (
    <fetcher.Form method="post" className="flex items-end gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="email" value={email} />
      <div>
        <label htmlFor={id} className="text-sm font-semibold">
          Role<span className="sr-only"> of {email}</span>
        </label>
        <select id={id} name="role" defaultValue={role} className={`${selectClass} h-10 text-sm`}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="outline" size="sm" disabled={fetcher.state !== "idle"}>
        Change<span className="sr-only"> the role of {email}</span>
      </Button>
    </fetcher.Form>
  );
}

function RemoveForm({ email }: { email: string }) {
  const fetcher = useFetcher<FormReply>({ key: `team-remove-${email}` });
  useNotice(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="email" value={email} />
      <Button type="submit" variant="ghost-danger" size="sm" disabled={fetcher.state !== "idle"}>
        Remove<span className="sr-only"> {email}</span>
      </Button>
    </fetcher.Form>
  );
}
