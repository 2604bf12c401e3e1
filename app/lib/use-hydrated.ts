import { useEffect, useRef, useSyncExternalStore } from "react";

/**
 * False in the server's HTML and in the first render that hydrates it, true after: a control that
 * script makes stricter (a button disabled until the input is complete) stays usable as plain HTML
 * until the script that relaxes it again has run (ADR 0117).
 */
const subscribeToNothing = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * What a person typed into an uncontrolled-looking field before the script ran: a controlled input
 * starts from its state, so the page reads the typed text back once, when it comes to life.
 */
export function useTypedBeforeHydration(adopt: (typed: string) => void) {
  const field = useRef<HTMLInputElement>(null);
  const adopted = useRef(false);
  useEffect(() => {
    if (adopted.current) return;
    adopted.current = true;
    const typed = field.current?.value ?? "";
    if (typed !== "") adopt(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);
  return field;
}
