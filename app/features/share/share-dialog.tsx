import { toDataURL } from "qrcode";
import { useEffect, useState } from "react";
import { toast } from "~/lib/toast";
import { Icon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Input, Label } from "~/components/ui/input";
import { business } from "~/content/business";
import { shareLinks } from "./share-links";

const brandColors: Record<string, string> = {
  Facebook: "bg-[#1877f2]",
  X: "bg-[#0f1419]",
  LinkedIn: "bg-[#0a66c2]",
  Messenger: "bg-[#0866ff]",
  Email: "bg-brand-700",
};

/** The page's own address, read in the browser so it is right on any host. */
const currentPageUrl = () => `${window.location.origin}${window.location.pathname}`;

export function ShareDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // This dialog only ever renders in the browser (it is loaded on first use).
  const pageUrl = currentPageUrl();
  const [qr, setQr] = useState<string | null>(null);
  const [showQr, setShowQr] = useState(false);
  const change = (next: boolean) => {
    if (!next) setShowQr(false);
    onOpenChange(next);
  };

  useEffect(() => {
    if (!showQr) return;
    let cancelled = false;
    // Drawn here, in the browser: the URL is never sent to a QR service.
    toDataURL(pageUrl, { width: 480, margin: 1, color: { dark: "#1a3f3d", light: "#ffffff" } }).then(
      (data) => !cancelled && setQr(data),
      () => !cancelled && toast.error("Could not draw the QR code"),
    );
    return () => {
      cancelled = true;
    };
  }, [showQr, pageUrl]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(pageUrl);
      toast.success("Link copied!", { description: "Paste it anywhere to share." });
    } catch {
      toast.error("Could not copy the link", { description: "Select the address and copy it by hand." });
    }
  };

  const links = shareLinks(pageUrl, business.name);
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent width="md">
        <DialogTitle>Share</DialogTitle>
        <DialogDescription>Know someone whose cat would love a stay? Share our page.</DialogDescription>
        <ul className="mt-5 grid grid-cols-3 gap-3">
          {links.map((link) => (
            <li key={link.name}>
              <a
                href={link.href}
                target={link.href.startsWith("http") ? "_blank" : undefined}
                rel="noopener noreferrer"
                className="flex flex-col items-center gap-2 rounded-2xl p-2 text-sm font-bold text-brand-900 hover:bg-brand-50"
              >
                <span className={`grid h-12 w-12 place-items-center rounded-full text-white ${brandColors[link.name]}`}>
                  <ShareGlyph name={link.name} />
                </span>
                {link.name}
              </a>
            </li>
          ))}
          <li>
            <button
              type="button"
              aria-expanded={showQr}
              onClick={() => setShowQr((v) => !v)}
              className="flex w-full flex-col items-center gap-2 rounded-2xl p-2 text-sm font-bold text-brand-900 hover:bg-brand-50"
            >
              <span className="grid h-12 w-12 place-items-center rounded-full bg-accent-500 text-brand-950">
                <Icon name="qr" className="h-6 w-6" />
              </span>
              QR Code
            </button>
          </li>
        </ul>
        {showQr && (
          <div className="mt-4 flex justify-center">
            {qr ? (
              <img src={qr} width={200} height={200} alt={`QR code for ${pageUrl}`} className="rounded-xl border border-brand-100" />
            ) : (
              <div className="h-[200px] w-[200px] animate-pulse rounded-xl bg-brand-50" />
            )}
          </div>
        )}
        <div className="mt-5">
          <Label htmlFor="share-url">Page link</Label>
          <div className="flex gap-2">
            <Input id="share-url" readOnly value={pageUrl} onFocus={(e) => e.currentTarget.select()} />
            <Button onClick={copy} variant="primary">
              <Icon name="copy" className="h-4 w-4" />
              Copy
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ShareGlyph({ name }: { name: string }) {
  const common = { "aria-hidden": true, viewBox: "0 0 24 24", className: "h-5 w-5", fill: "currentColor" } as const;
  switch (name) {
    case "Facebook":
      return (
        <svg {...common}>
          <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z" />
        </svg>
      );
    case "X":
      return (
        <svg {...common}>
          <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.5z" />
        </svg>
      );
    case "LinkedIn":
      return (
        <svg {...common}>
          <path d="M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h3.8v1.7h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.6c0-1.3 0-3-1.9-3s-2.2 1.5-2.2 3V21h-4z" />
        </svg>
      );
    case "Messenger":
      return (
        <svg {...common}>
          <path d="M12 2C6.4 2 2 6.1 2 11.7c0 2.9 1.2 5.5 3.2 7.2V22l3-1.7c1.2.3 2.5.5 3.8.5 5.6 0 10-4.1 10-9.6S17.6 2 12 2zm1 12.9l-2.6-2.7-5 2.7 5.5-5.8 2.6 2.7 4.9-2.7z" />
        </svg>
      );
    default:
      return <Icon name="mail" className="h-5 w-5" />;
  }
}
