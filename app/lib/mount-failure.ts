export const MOUNT_FAILURE_MESSAGE = "We're sorry — our website is having technical difficulties right now. Please try again later.";

/** Shown when the application cannot start in the browser at all. Plain DOM: React may be what failed. */
export function showMountFailure() {
  const box = document.createElement("div");
  box.setAttribute("role", "alert");
  box.style.cssText =
    "position:fixed;inset:0;display:flex;align-items:center;justify-content:center;padding:2rem;" +
    "background:#fdf8f1;color:#1a3f3d;font:600 1.125rem/1.5 system-ui,sans-serif;text-align:center;z-index:2147483647";
  box.textContent = MOUNT_FAILURE_MESSAGE;
  document.body.append(box);
}
