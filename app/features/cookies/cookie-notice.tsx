import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";

export const COOKIE_NOTICE_DELAY_MS = 1000;
const KEY = "cookiesAccepted";

const accepted = () => {
  try {
    return window.localStorage.getItem(KEY) === "true";
  } catch {
    return false;
  }
};

/**
 * Bottom-left, non-modal: it never takes focus or blocks the page, and leaves room on the
 * right for the floating booking button. Opt out hides it for this page view only.
 */
export function CookieNotice() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (accepted()) return;
    const timer = setTimeout(() => setVisible(true), COOKIE_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!visible) return null;
  const accept = () => {
    try {
      window.localStorage.setItem(KEY, "true");
    } catch {
      // Storage disabled: hide for now; the notice returns on the next visit.
    }
    setVisible(false);
  };
  return (
    <section
      aria-label="Cookie notice"
      className="fixed bottom-4 left-4 z-30 w-[calc(100vw-7rem)] max-w-sm rounded-2xl border border-brand-100 bg-white p-4 shadow-2xl md:bottom-6 md:left-6"
    >
      <p className="text-sm text-ink">
        We use a cookie only to keep you signed in, and count page views without cookies.{" "}
        <a href="/privacy-policy" className="font-bold text-brand-700 underline">
          Privacy Policy
        </a>
      </p>
      <div className="mt-3 flex gap-2">
        <Button size="sm" onClick={accept}>
          Accept
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setVisible(false)}>
          Opt out
        </Button>
      </div>
    </section>
  );
}
