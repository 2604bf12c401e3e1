import { type ComponentType, StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { AuthProvider } from "~/features/auth/auth-provider";
import { showMountFailure } from "~/lib/mount-failure";
import { HydratedMarker } from "./hydrated-marker";
import { ISLAND_PROPS_ID, ISLAND_ROOT_ID } from "./page-scripts";

/** Browser side of a page island: hydrates the page's tree with the props the server rendered it with. */
export function hydrateIsland<P extends object>(Page: ComponentType<P>) {
  try {
    const root = document.getElementById(ISLAND_ROOT_ID);
    const props = JSON.parse(document.getElementById(ISLAND_PROPS_ID)?.textContent ?? "null") as P | null;
    if (!root || !props) throw new Error("The page island has no root or no props");
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <AuthProvider>
            <Page {...props} />
          </AuthProvider>
          <HydratedMarker />
        </StrictMode>,
      );
    });
  } catch (error) {
    console.error(error);
    showMountFailure();
  }
}
