import { ApiError, NETWORK, UNEXPECTED, apiFetch } from "~/lib/api-client";
import { CALLBACK_ERROR } from "./request-call-error";
import { type CallbackResponse, callbackMessages, callbackResponseSchema } from "./schema";

/** A failure whose message can be shown to the visitor as it is. */
export class CallbackError extends Error {
  override name = CALLBACK_ERROR;
}

/**
 * Asks the server to store the number and place the call in one request, so a call is
 * never attempted for a number that was not saved.
 */
export async function requestCall(digits: string, sourcePage: string): Promise<CallbackResponse> {
  let body: unknown;
  try {
    body = await apiFetch("/api/callback", { body: { phoneNumber: `+1${digits}`, sourcePage } });
  } catch (error) {
    // The server's own words when it gave any; the spec's fallback when the request failed on the way.
    const described = error instanceof ApiError && error.code !== NETWORK && error.code !== UNEXPECTED;
    throw new CallbackError(described ? error.message : callbackMessages.fallback);
  }
  const parsed = callbackResponseSchema.safeParse(body);
  if (!parsed.success) throw new CallbackError(callbackMessages.invalidResponse);
  return parsed.data;
}
