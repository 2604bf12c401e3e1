/**
 * Posts a lead to our API. Resolves on success with whether a mail went out (the voucher is e-mailed at
 * once); rejects with a message a person can act on.
 */
export async function postLead(path: "voucher" | "newsletter", body: unknown): Promise<{ mailed: boolean }> {
  let response: Response;
  try {
    response = await fetch(`/api/leads/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error("We could not reach our server. Please check your connection and try again.");
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return { mailed: Boolean(payload && typeof payload === "object" && "mailed" in payload && payload.mailed === true) };
  const message =
    payload && typeof payload === "object" && "error" in payload && payload.error && typeof payload.error === "object" && "message" in payload.error
      ? String(payload.error.message)
      : "Something went wrong on our side. Please try again.";
  throw new Error(message);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
