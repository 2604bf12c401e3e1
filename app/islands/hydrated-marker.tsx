import { useEffect } from "react";
import { TAPPED_BEFORE_SCRIPT } from "./page-scripts";

/**
 * Marks <html data-hydrated> once the page responds to input: tests and tools wait for it. A tap on a
 * control that needs the script, made before it ran (islandLoaderScript), is repeated now.
 */
export function HydratedMarker() {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.hydrated = "true";
    const tapped = root.dataset[TAPPED_BEFORE_SCRIPT];
    if (tapped === undefined) return;
    delete root.dataset[TAPPED_BEFORE_SCRIPT];
    document.getElementById(tapped)?.click();
  }, []);
  return null;
}
