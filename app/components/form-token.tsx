import { FORM_TOKEN } from "~/lib/form-token";

/**
 * The page's form token (ADR 0179), from its loader, in a form that creates money, a message or a
 * record: the server answers a second post of the same form with the first one's outcome.
 */
export function FormToken({ token }: { token: string }) {
  return <input type="hidden" name={FORM_TOKEN} value={token} />;
}
