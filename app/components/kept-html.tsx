import type { ReactNode } from "react";

/**
 * Markup the server renders and a page island keeps as it is, without the code of what it holds
 * (ADR 0135). The route renders `children`; the island hydrates with none, and React does not look
 * inside an element whose HTML is `dangerouslySetInnerHTML`, so the server's markup stays. Under the
 * router (a client-side navigation to the page) the route passes `children` again and they render.
 */
export function KeptHtml({ children }: { children?: ReactNode }) {
  return children ? <div className="contents">{children}</div> : <div className="contents" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
}
