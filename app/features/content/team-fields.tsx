import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/input";
import { newItemId, setAtPath } from "~/lib/form-state";
import { ImageUpload } from "./image-upload";
import { MoveAnnouncement, MoveButtons, useListMover } from "./ordered-list";
import { MAX_TEAM_MEMBERS, type TeamContent, type TeamMemberContent } from "./schema";
import { type FieldsProps, TextField } from "./section-fields";
import { siteTeamMember } from "./site-content";

const memberName = (member: TeamMemberContent, index: number) => member.name.trim() || `team member ${index + 1}`;

/** The team of the About section (home, landing and booking pages), in order. */
export function TeamFields({ value, onChange, errors }: FieldsProps<TeamContent>) {
  const { move, announcement } = useListMover(value, onChange, (m) => m.name.trim() || "The new team member");
  const focusNameOf = useRef<string | null>(null);

  useEffect(() => {
    if (!focusNameOf.current) return;
    document.getElementById(`team-${focusNameOf.current}`)?.querySelector("input")?.focus();
    focusNameOf.current = null;
  }, [value]);

  const add = () => {
    const member: TeamMemberContent = { id: newItemId(), name: "", role: "", imageId: null };
    focusNameOf.current = member.id;
    onChange([...value, member]);
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <p className="text-muted">The About section shows these people in this order. A new team member needs a photo.</p>
      <FieldError id="field-team-error">{errors._}</FieldError>
      <MoveAnnouncement text={announcement} />
      <ol className="grid grid-cols-1 gap-4">
        {value.map((member, index) => {
          const name = memberName(member, index);
          return (
            <li key={member.id} id={`team-${member.id}`}>
              <fieldset className="grid min-w-0 grid-cols-1 gap-4 rounded-2xl border border-brand-100 p-4 sm:grid-cols-2">
                <legend className="px-1 font-bold text-brand-900">Team member {index + 1}</legend>
                <TextField value={value} onChange={onChange} errors={errors} path={`${index}.name`} label="Name" />
                <TextField value={value} onChange={onChange} errors={errors} path={`${index}.role`} label="Role" />
                <div className="sm:col-span-2">
                  <ImageUpload
                    id={`team-${member.id}-photo`}
                    label="Photo"
                    purpose="team"
                    round
                    current={siteTeamMember(member).image}
                    error={errors[`${index}.imageId`]}
                    onUploaded={(imageId) => onChange(setAtPath(value, `${index}.imageId`, imageId))}
                  />
                </div>
                <div className="flex flex-wrap gap-2 sm:col-span-2">
                  <MoveButtons itemId={member.id} index={index} count={value.length} name={name} onMove={(delta) => move(index, delta)} />
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="text-red-700"
                    aria-label={`Remove ${name}`}
                    disabled={value.length === 1}
                    onClick={() => onChange(value.filter((m) => m.id !== member.id))}
                  >
                    Remove
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {value.length < MAX_TEAM_MEMBERS && (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={add}>
            Add a team member
          </Button>
        </div>
      )}
    </div>
  );
}
