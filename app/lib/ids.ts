import { z } from "~/lib/zod";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a request can be a row's id at all (anything else is a 404, never a database error). */
export const isUuid = (id: string) => UUID.test(id);

/** A form field naming a row by its id; anything that cannot be one is refused with `message`. */
export const idField = (message: string) => z.string(message).uuid(message);
