import { ApiError, apiFetch } from "~/lib/api-client";

/**
 * Posts a lead to our API. Resolves on success with whether a mail went out (the voucher is e-mailed at
 * once); rejects with a message a person can act on.
 */
export async function postLead(path: "voucher" | "newsletter", body: unknown): Promise<{ mailed: boolean }> {
  try {
    const answer = await apiFetch<{ mailed?: boolean } | null>(`/api/leads/${path}`, { body });
    return { mailed: answer?.mailed === true };
  } catch (error) {
    throw new Error(error instanceof ApiError ? error.message : "Something went wrong on our side. Please try again.");
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
