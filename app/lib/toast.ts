import type { ExternalToast } from "sonner";

/**
 * Toasts without loading the toast library up front: it is fetched on the first toast. Pages that
 * the router hydrates mount <AppToaster> in the root; a page island has none until its first
 * toast, when one is mounted in a root of its own.
 */
let toasterReady: Promise<void> | null = null;
let resolveToasterReady: (() => void) | null = null;

/** Given to <AppToaster> as `onMounted`: it now listens for toasts. */
export function markToasterMounted() {
  resolveToasterReady?.();
  resolveToasterReady = null;
  toasterReady ??= Promise.resolve();
}

function mountToaster(): Promise<void> {
  toasterReady ??= new Promise<void>((resolve) => {
    resolveToasterReady = resolve;
    void Promise.all([import("react-dom/client"), import("react"), import("~/components/app-toaster")]).then(
      ([{ createRoot }, { createElement }, { AppToaster }]) => {
        const host = document.createElement("div");
        document.body.append(host);
        createRoot(host).render(createElement(AppToaster, { onMounted: markToasterMounted }));
      },
    );
  });
  return toasterReady;
}

type Kind = "message" | "success" | "error" | "info";

const show = (kind: Kind) => (message: string, data?: ExternalToast) => {
  void Promise.all([import("sonner"), mountToaster()]).then(([{ toast: sonner }]) => {
    if (kind === "message") sonner(message, data);
    else sonner[kind](message, data);
  });
};

export const toast = Object.assign(show("message"), { success: show("success"), error: show("error"), info: show("info") });
