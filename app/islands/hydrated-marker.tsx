import { useEffect } from "react";

/** Marks <html data-hydrated> once the page responds to input: tests and tools wait for it. */
export function HydratedMarker() {
  useEffect(() => void (document.documentElement.dataset.hydrated = "true"), []);
  return null;
}
