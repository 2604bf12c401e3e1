import type { RequestContext } from "../context";
import { serviceTitle } from "~/features/appointments/service-catalogue";
import { toAppointmentView } from "~/features/appointments/view";
import { getOptionalUser } from "../auth/guards.server";
import { type Actor, type listCustomerAppointments, type listCustomerTrips } from "./appointments";

/**
 * The loader data of /appointments and /trips: the signed-in customer's own rows as views, or
 * `signedIn: false` so the page can invite a visitor to sign in.
 */
export async function customerViews(
  request: Request,
  context: RequestContext,
  list: typeof listCustomerAppointments | typeof listCustomerTrips,
) {
  const auth = await getOptionalUser(request, context);
  if (!auth) return { signedIn: false as const };
  const actor: Actor = { email: auth.user.email, isAdmin: false };
  const { upcoming, past } = await list(context.db, actor);
  const view = (rows: typeof upcoming) => rows.map((a) => toAppointmentView(a, serviceTitle));
  return { signedIn: true as const, upcoming: view(upcoming), past: view(past) };
}
