import { CONTENT_KEYS, type ContentKey, type EditableContent, contentSchemas } from "./schema";
import { defaultEditableContent } from "./site-content";

/** Stored values by key, as read from the database (unknown until checked). */
export type ContentOverrides = Partial<Record<ContentKey, unknown>>;

/**
 * The editable values: each stored override that still passes its schema, else the default.
 * An override that no longer fits (the schema changed since it was stored) is ignored, so a
 * stored value can never break a public page; `onInvalid` reports it.
 */
export function editableWithOverrides(overrides: ContentOverrides, onInvalid?: (key: ContentKey) => void): EditableContent {
  const pick = <K extends ContentKey>(key: K): EditableContent[K] => {
    const raw = overrides[key];
    if (raw === undefined || raw === null) return defaultEditableContent[key];
    const parsed = contentSchemas[key].safeParse(raw);
    if (parsed.success) return parsed.data as EditableContent[K];
    onInvalid?.(key);
    return defaultEditableContent[key];
  };
  return Object.fromEntries(CONTENT_KEYS.map((key) => [key, pick(key)])) as unknown as EditableContent;
}
