import { type Response, Router } from "express";
import type { AppContext } from "../context";
import { SIGNED_IN_HINT_COOKIE, clearedSessionCookies, readCookie, readSessionToken, sessionCookies } from "./cookies";
import { authenticate } from "./current";
import { SIGN_IN_MESSAGES, type SignedIn, requestSignIn, signInWithCode } from "./sign-in";
import { deleteSession } from "./sessions";
import { toSnapshot } from "./snapshot";
import { rateLimitClient } from "../http/client-address";
import { REFERRAL_COOKIE } from "../referrals/referrals";
import { AppError } from "../http/errors";
import { signInCodeForm, signInLinkForm } from "~/features/auth/schema";
import type { z } from "~/lib/zod";

const signInMailRequest = signInLinkForm.pick({ email: true });

/**
 * The sign-in forms' input, parsed by their schema. A refusal keeps the codes the forms' script and
 * other clients read: `INVALID_EMAIL` when the address is refused, else `CODE_INVALID` for the code.
 */
function parseSignIn<S extends typeof signInMailRequest | typeof signInCodeForm>(schema: S, body: unknown): z.output<S> {
  // A body that is not an object has no address in it: refused as a missing one, as ever.
  const parsed = schema.safeParse(body !== null && typeof body === "object" && !Array.isArray(body) ? body : {});
  if (parsed.success) return parsed.data as z.output<S>;
  if (parsed.error.issues.some((issue) => issue.path[0] === "email")) throw new AppError(400, "INVALID_EMAIL", SIGN_IN_MESSAGES.invalidEmail);
  throw new AppError(400, "CODE_INVALID", SIGN_IN_MESSAGES.codeFormat);
}

/** Sets the session cookie and answers what the browser needs to update its state. */
export function sendSignedIn(ctx: AppContext, res: Response, signedIn: SignedIn) {
  res.append("Set-Cookie", sessionCookies(ctx.env, signedIn.token, signedIn.absoluteExpiresAt, ctx.clock.now()));
  res.json({ redirectTo: signedIn.redirectTo });
}

/**
 * /api/auth: send a sign-in link, read the session and sign out, plus the typed
 * code. The link itself is used by the /auth/verify page's own action (app/routes/auth.verify.tsx).
 */
export function authRouter(ctx: AppContext): Router {
  const router = Router();
  const { mailer } = ctx;
  const deps = { db: ctx.database.db, env: ctx.env, logger: ctx.logger };

  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  router.get("/session", async (req, res) => {
    const auth = await authenticate({ ...deps, logger: req.log }, req.headers.cookie, ctx.clock.now());
    // A cookie that no longer opens a session is removed (with its hint), so the browser stops sending it.
    const cookies = req.headers.cookie;
    if (!auth && (readSessionToken(ctx.env, cookies) || readCookie(cookies, SIGNED_IN_HINT_COOKIE))) res.append("Set-Cookie", clearedSessionCookies(ctx.env));
    res.json(toSnapshot(auth));
  });

  router.post("/magic-link", async (req, res) => {
    const { email } = parseSignIn(signInMailRequest, req.body);
    await requestSignIn(
      { ...deps, logger: req.log, mailer },
      { email, redirectTo: req.body?.redirectTo, ip: rateLimitClient(req.ip), referralCode: readCookie(req.headers.cookie, REFERRAL_COOKIE) },
      ctx.clock.now(),
    );
    res.json({ ok: true });
  });

  router.post("/verify-code", async (req, res) => {
    const typed = parseSignIn(signInCodeForm, req.body);
    const signedIn = await signInWithCode({ ...deps, logger: req.log }, { ...typed, ip: rateLimitClient(req.ip) }, ctx.clock.now());
    sendSignedIn(ctx, res, signedIn);
  });

  router.post("/sign-out", async (req, res) => {
    const token = readSessionToken(ctx.env, req.headers.cookie);
    if (token) await deleteSession(deps.db, token);
    res.append("Set-Cookie", clearedSessionCookies(ctx.env));
    res.status(204).end();
  });

  return router;
}
