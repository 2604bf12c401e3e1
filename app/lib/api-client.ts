/** The codes of failures the server did not describe: the request never arrived, or the answer was not ours. */
export const NETWORK = "NETWORK";
export const UNEXPECTED = "HTTP_ERROR";

/** An error answer from our JSON API: `{ error: { code, message } }`, or a network failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The request's body and its type: a file (an image upload) is sent as it is, anything else as JSON. */
function requestBody(body: unknown): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  if (body instanceof Blob) return { body, contentType: body.type || "application/octet-stream" };
  return { body: JSON.stringify(body), contentType: "application/json" };
}

/**
 * The one way browser code calls our JSON API (pages change data through route actions instead):
 * returns the parsed body (null for an empty answer); a non-2xx answer throws ApiError carrying the
 * server's code and human message, so callers can show it as is.
 */
export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  const { body, contentType } = requestBody(init.body);
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: contentType ? { accept: "application/json", "content-type": contentType } : { accept: "application/json" },
      body,
      credentials: "same-origin",
      signal: init.signal,
    });
  } catch {
    throw new ApiError(0, NETWORK, "We could not reach the server. Please check your connection and try again.");
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (payload as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(response.status, error?.code ?? UNEXPECTED, error?.message ?? "Something went wrong on our side. Please try again.");
  }
  return payload as T;
}
