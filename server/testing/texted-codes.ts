import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../db/client";
import { telephonyEvents } from "../db/schema/index";
import { AppError } from "../http/errors";

/** The newest text a number received from the simulated provider (`telephony_events`), and the 6-digit code in it. */
export async function lastTextTo(db: Db, phone: string) {
  const [text] = await db.select().from(telephonyEvents).where(eq(telephonyEvents.to, phone)).orderBy(desc(telephonyEvents.createdAt)).limit(1);
  return { body: text!.body, code: /\b(\d{6})\b/.exec(text!.body)![1]! };
}

/** A 6-digit code that is surely not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** What a refused call answers: it must fail with an AppError. */
export async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, code, message } = error as AppError;
  return { status, code, message };
}
