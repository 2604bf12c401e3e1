/**
 * Zod for every schema: `import { z } from "~/lib/zod"`, never `zod` itself (lint). It is Zod's own
 * namespace, configured for our Content-Security-Policy, whose `z.string()` strips the control
 * characters no field keeps (NUL among them): see app/lib/zod-namespace.ts and ADR 0170.
 */
import * as z from "./zod-namespace";

export { z };
