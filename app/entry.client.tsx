import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { HydratedMarker } from "./islands/hydrated-marker";
import { showMountFailure } from "./lib/mount-failure";

startTransition(() => {
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
        <HydratedMarker />
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    showMountFailure();
  }
});
