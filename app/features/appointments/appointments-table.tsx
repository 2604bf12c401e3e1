import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { StatusBadge } from "./status-badge";
import type { AppointmentView } from "~/domain/appointment-view";

interface Props {
  caption: string;
  appointments: AppointmentView[];
  sendingId: string | null;
  onRemind(appointment: AppointmentView): void;
  onEdit(appointment: AppointmentView): void;
  onCancel(appointment: AppointmentView): void;
}

const isOpen = (a: AppointmentView) => a.status === "Confirmed" || a.status === "Pending";

function Actions({ appointment: a, sendingId, onRemind, onEdit, onCancel }: Omit<Props, "caption" | "appointments"> & { appointment: AppointmentView }) {
  if (!isOpen(a)) return <span className="text-sm text-muted">—</span>;
  const sending = sendingId === a.id;
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => onRemind(a)} disabled={sending} aria-label={`Send reminder for ${a.serviceTitle} on ${a.date}`}>
        {sending ? <Spinner label="Sending reminder" className="h-4" /> : null}
        {sending ? "Sending..." : "Send reminder"}
      </Button>
      {a.groom ? (
        <Button asChild size="sm" variant="ghost">
          <Link to={`/book/groom?move=${a.id}`} aria-label={`Move ${a.serviceTitle} on ${a.date}`}>
            Move
          </Link>
        </Button>
      ) : (
        <Button size="sm" variant="ghost" onClick={() => onEdit(a)} aria-label={`Edit ${a.serviceTitle} on ${a.date}`}>
          Edit
        </Button>
      )}
      <Button size="sm" variant="ghost-danger" onClick={() => onCancel(a)} aria-label={`Cancel ${a.serviceTitle} on ${a.date}`}>
        Cancel
      </Button>
    </div>
  );
}

function When({ a }: { a: AppointmentView }) {
  return a.proposed ? (
    <span className="mt-1 block text-sm text-accent-700">
      Requested: {a.proposed.date} at {a.proposed.time}
    </span>
  ) : null;
}

/** The spec's table (Service, Date, Time, Status, Actions); on phones each row becomes a card. */
export function AppointmentsTable(props: Props) {
  const { caption, appointments } = props;
  return (
    <div>
      <table className="hidden w-full border-collapse overflow-hidden rounded-[var(--radius-card)] bg-white text-left shadow-[var(--shadow-card)] md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-brand-50 text-sm text-brand-900">
          <tr>
            {["Service", "Date", "Time", "Status", "Actions"].map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-bold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {appointments.map((a) => (
            <tr key={a.id} className="border-t border-brand-100 align-top">
              <td className="px-4 py-3">
                <span className="font-bold">{a.serviceTitle}</span>
                {a.catNames ? <span className="block text-sm text-muted">{a.catNames}</span> : null}
              </td>
              <td className="px-4 py-3">
                {a.date}
                {a.endDate ? <span className="block text-sm text-muted">until {a.endDate}</span> : null}
                <When a={a} />
              </td>
              <td className="px-4 py-3">
                {a.time}
                {!a.endDate && a.endTime ? <span className="block text-sm text-muted">until {a.endTime}</span> : null}
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={a.status} />
              </td>
              <td className="px-4 py-3">
                <Actions appointment={a} {...props} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="space-y-3 md:hidden" aria-label={caption}>
        {appointments.map((a) => (
          <li key={a.id} className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)]">
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="font-bold">{a.serviceTitle}</p>
                {a.catNames ? <p className="text-sm text-muted">{a.catNames}</p> : null}
              </div>
              <StatusBadge status={a.status} />
            </div>
            <p className="mt-2">
              {a.date} · {a.time}
              {!a.endDate && a.endTime ? ` – ${a.endTime}` : null}
              {a.endDate ? <span className="block text-sm text-muted">until {a.endDate}</span> : null}
            </p>
            <When a={a} />
            <div className="mt-3">
              <Actions appointment={a} {...props} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
