import { Router } from "express";
import { runnerRequestSchema, VALIDATOR_STREAM_TYPE, type ValidatorStreamLine } from "~/features/wordpress/schema";
import { currentAuth, requireAdminApi } from "../auth/guards.server";
import type { AppContext } from "../context";
import { AppError } from "../http/errors";
import { parseBody } from "../http/validation";
import { handleRunnerRequest } from "./runner";

/**
 * POST /api/wordpress-test-runner { action, ... } — the admin's WordPress integration tooling.
 * Every action needs an admin session (ADR 0060): visitors get 401 AUTH_REQUIRED, other users
 * 403 FORBIDDEN, before the body is even read.
 *
 * The browser closing the request (its Cancel, or leaving the page) stops the work on the site.
 * validate_settings asked for with `Accept: application/x-ndjson` answers as a stream: a
 * `{ "stage": n }` line as each stage starts, then `{ "result": ... }` or `{ "error": ... }`, so
 * the progress the admin sees is the progress the server made.
 */
export function wordpressRouter(ctx: AppContext): Router {
  const router = Router();
  router.post("/wordpress-test-runner", requireAdminApi(ctx), async (req, res) => {
    const { user } = currentAuth(res);
    const request = parseBody(runnerRequestSchema, req.body);
    res.setHeader("cache-control", "no-store");
    const cancel = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) cancel.abort();
    });
    const logger = req.log ?? ctx.logger;
    const actor = { userId: user.id, email: user.email };
    const run = (onStage?: (index: number) => void) =>
      handleRunnerRequest(ctx.database.db, ctx.env, logger, request, actor, { signal: cancel.signal, onStage });

    if (request.action !== "validate_settings" || !req.get("accept")?.includes(VALIDATOR_STREAM_TYPE)) {
      res.json(await run());
      return;
    }

    const write = (line: ValidatorStreamLine) => {
      if (!res.headersSent) {
        // no-transform: compression would hold the lines back until the end.
        res.writeHead(200, { "content-type": `${VALIDATOR_STREAM_TYPE}; charset=utf-8`, "cache-control": "no-store, no-transform" });
      }
      res.write(`${JSON.stringify(line)}\n`);
    };
    try {
      const result = (await run((stage) => write({ stage }))) as Extract<ValidatorStreamLine, { result: unknown }>["result"];
      write({ result });
    } catch (error) {
      // Before the first line (no saved connection, say) the usual JSON error answers.
      if (!res.headersSent) throw error;
      if (error instanceof AppError) write({ error: { code: error.code, message: error.message } });
      else {
        logger.error({ err: error }, "validate_settings failed mid-stream");
        write({ error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." } });
      }
    }
    res.end();
  });
  return router;
}
