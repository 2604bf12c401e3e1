import type { AppError } from "../http/errors";
import type { Db } from "./client";
import { DEADLOCK_DETECTED, EXCLUSION_VIOLATION, sqlStateOf } from "./sql-state";
import { inTransaction, type Tx } from "./transaction";

/**
 * Runs `attempt` in a transaction, again (up to 5 times) when an exclusion constraint refused its row
 * because another transaction took the same resource a moment earlier (ADR 0125): each run reads
 * what is then free. After the fifth refusal the person gets `refused()`. A deadlock between two such
 * transactions (each waiting on the other's rows under the constraint) is run again the same way.
 */
export async function withExclusionRetry<T>(db: Db, attempt: (tx: Tx) => Promise<T>, refused: () => AppError): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await inTransaction(db, attempt);
    } catch (error) {
      const state = sqlStateOf(error);
      if (state !== EXCLUSION_VIOLATION && state !== DEADLOCK_DETECTED) throw error;
      if (tries >= 5) throw refused();
    }
  }
}
