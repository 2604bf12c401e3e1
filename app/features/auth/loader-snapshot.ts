import { useMatches } from "react-router";
import type { AuthSnapshot } from "~/domain/auth-session";

/**
 * A loader that has checked the session may return `{ auth: toSnapshot(auth) }`
 * (server/auth/snapshot.ts); the page then renders with the right state from the first byte
 * instead of "loading". The deepest route that does so wins.
 */
export function useLoaderAuthSnapshot(): AuthSnapshot | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.data;
    if (data && typeof data === "object" && "auth" in data && data.auth) return data.auth as AuthSnapshot;
  }
  return undefined;
}
