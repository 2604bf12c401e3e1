import { services } from "~/content/services";

/** Appointments refer to a service by a stable slug of its title ("Full Grooming" -> "full-grooming"). */
export const serviceSlug = (title: string) =>
  title
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const serviceOptions = services.map((s) => ({ id: serviceSlug(s.title), title: s.title, overnight: s.serviceType === "PetBoarding" }));

export function serviceTitle(id: string): string {
  return serviceOptions.find((s) => s.id === id)?.title ?? id;
}
