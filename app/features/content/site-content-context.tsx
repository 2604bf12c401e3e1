import { createContext, useContext } from "react";
import type { SiteContent } from "./site-content";
import type { TextStyle } from "./schema";

const SiteContentContext = createContext<SiteContent | null>(null);

/**
 * The published (or, for an admin's preview, draft) content of the page, from its loader. There is
 * no default: the browser bundles then carry no copy of the content modules.
 */
export function SiteContentProvider({ value, children }: { value: SiteContent; children: React.ReactNode }) {
  return <SiteContentContext.Provider value={value}>{children}</SiteContentContext.Provider>;
}

export function useSiteContent(): SiteContent {
  const content = useContext(SiteContentContext);
  if (!content) throw new Error("useSiteContent() needs a <SiteContentProvider> with the page's content");
  return content;
}

/** The style editor's values as inline CSS; undefined keeps the designed look. */
export function textStyleCss(style: TextStyle | null): React.CSSProperties | undefined {
  if (!style) return undefined;
  return {
    fontSize: `${style.fontSize}px`,
    letterSpacing: `${style.letterSpacing}px`,
    textAlign: style.align,
    fontWeight: style.fontWeight,
  };
}
