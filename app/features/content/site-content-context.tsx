import { createContext, useContext } from "react";
import { type SiteContent, defaultSiteContent } from "./site-content";
import type { TextStyle } from "./schema";

const SiteContentContext = createContext<SiteContent>(defaultSiteContent);

/**
 * The published (or, for an admin's preview, draft) content of the page, from its loader.
 * Pages without the provider (sign-in, account, admin) read the content module's defaults.
 */
export function SiteContentProvider({ value, children }: { value: SiteContent; children: React.ReactNode }) {
  return <SiteContentContext.Provider value={value}>{children}</SiteContentContext.Provider>;
}

export const useSiteContent = (): SiteContent => useContext(SiteContentContext);

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
