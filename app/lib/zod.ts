// eslint-disable-next-line no-restricted-imports -- the one module that imports Zod itself
import { z } from "zod";

// Zod probes `new Function` when a schema is defined, to compile faster parsers; our
// Content-Security-Policy forbids it, and the browser reports every probe as a policy violation
// although Zod catches it. Every schema imports `z` from here, so the setting comes first. (It is
// global: the server, which has no such policy, parses without the compiled parsers too.)
z.config({ jitless: true });

export { z };
