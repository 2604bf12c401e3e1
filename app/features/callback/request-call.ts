import { type CallbackResponse, callbackMessages, callbackResponseSchema } from "./schema";

/** A failure whose message can be shown to the visitor as it is. */
export class CallbackError extends Error {}

/**
 * Asks the server to store the number and place the call in one request, so a call is
 * never attempted for a number that was not saved).
 */
export async function requestCall(digits: string, sourcePage: string): Promise<CallbackResponse> {
  let res: Response;
  try {
    res = await fetch("/api/callback", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ phoneNumber: `+1${digits}`, sourcePage }),
    });
  } catch {
    throw new CallbackError(callbackMessages.fallback);
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
    throw new CallbackError(typeof message === "string" && message ? message : callbackMessages.fallback);
  }
  const parsed = callbackResponseSchema.safeParse(body);
  if (!parsed.success) throw new CallbackError(callbackMessages.invalidResponse);
  return parsed.data;
}
