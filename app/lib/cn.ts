import { clsx } from "clsx";

/**
 * Joins class names. There is no Tailwind class merging (it would cost every page ~8 KB of
 * JavaScript): components offer variants instead, and callers add only classes that do not
 * compete with the component's own (margins, width, layout).
 */
export const cn = clsx;
