import { getFormProps } from "@conform-to/react";
import { useFetcher } from "react-router";
import { requireAdmin } from "@server/auth/guards.server";
import { addStaffMember, listTeam, removeStaffMember } from "@server/auth/roles";
import { formDataOf, submitForm, unknownIntent } from "@server/http/form-action";
import { mapRefusals } from "@server/http/refusals";
import { ActionNotice } from "~/components/action-notice";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { addTeamMemberForm, removeTeamMemberForm } from "~/features/care/schema";
import { formatBusinessDate } from "~/lib/business-time";
import { type FormReply, useNotice, useZodForm } from "~/lib/forms";
import type { Route } from "./+types/team";
import { adminMeta } from "./shared";

export { AdminErrorBoundary as ErrorBoundary } from "./error-boundary";

export const meta: Route.MetaFunction = () => adminMeta("Team");

export const loader = mapRefusals(async ({ request, context }: Route.LoaderArgs) => {
  await requireAdmin(request, context);
  return { team: (await listTeam(context.db)).map((m) => ({ ...m, since: formatBusinessDate(m.since) })) };
});

export const action = mapRefusals(async ({ request, context }: Route.ActionArgs) => {
  const admin = await requireAdmin(request, context);
  const form = await formDataOf(request);
  switch (form.get("intent")) {
    case "add":
      return submitForm(form, addTeamMemberForm, async ({ email }) => {
        const outcome = await addStaffMember(context.db, email);
        context.logger.info({ admin: admin.user.id, outcome }, "team member added");
        if (outcome === "admin") return { kind: "success", title: `${email} is an admin, and reaches the staff pages already.` };
        if (outcome === "already staff") return { kind: "success", title: `${email} is on the team already.` };
        return { kind: "success", title: `${email} is on the team.`, description: "They sign in with this address and find Today at /staff/today." };
      });
    case "remove":
      return submitForm(form, removeTeamMemberForm, async ({ email }) => {
        const removed = await removeStaffMember(context.db, email);
        context.logger.info({ admin: admin.user.id, removed }, "team member removed");
        return { kind: "success", title: removed ? `${email} is no longer on the team.` : `${email} was not a staff member; nothing changed.` };
      });
    default:
      return unknownIntent();
  }
});

export default function AdminTeam({ loaderData: { team } }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="text-3xl">Team</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Staff (caretakers, groomers) sign in with their e-mail address and use the staff pages, such as Today at /staff/today. They cannot open the admin area:
        content, money and settings stay with admins.
      </p>
      <ActionNotice className="mt-4" />
      <AddForm />
      <table className="mt-6 w-full max-w-2xl text-left">
        <caption className="sr-only">The team</caption>
        <thead>
          <tr>
            <th scope="col">E-mail</th>
            <th scope="col">Role</th>
            <th scope="col">Since</th>
            <th scope="col">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {team.map((m) => (
            <tr key={m.email} className="border-t border-brand-100">
              <td className="py-2 pr-2 break-all">{m.email}</td>
              <td className="pr-2">{m.role === "admin" ? "Admin" : "Staff"}</td>
              <td className="pr-2">{m.since}</td>
              <td>{m.role === "staff" ? <RemoveForm email={m.email} /> : null}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AddForm() {
  const fetcher = useFetcher<FormReply>({ key: "team-add" });
  useNotice(fetcher.data, undefined, { errorsShownInForm: true });
  const [form, fields] = useZodForm(addTeamMemberForm, { id: "team-add", lastResult: fetcher.data?.result });
  return (
    <fetcher.Form method="post" className="mt-6 grid max-w-md gap-3 rounded-2xl bg-brand-50 p-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="add" />
      <Field label="Team member's e-mail" field={fields.email} type="email" autoComplete="off" />
      {form.errors?.[0] ? (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {form.errors[0]}
        </p>
      ) : null}
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        Add to the team
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
