import { PGlite, type PGliteOptions, type QueryOptions, type Results, type Transaction, parse, protocol } from "@electric-sql/pglite";
import { StatementNames } from "./statement-names";

const { serialize } = protocol;

/**
 * The embedded database, whose statements run one after another on its one connection: PGlite sends
 * every query unnamed, so PostgreSQL parses, analyses and plans it again each time. Here a statement
 * it has run before runs by a name (`StatementNames`, ADR 0227), prepared once.
 */
export class EmbeddedPGlite extends PGlite {
  readonly #names = new StatementNames();
  /** The types of each prepared statement's parameters, by its name. */
  readonly #paramTypes = new Map<string, number[]>();

  /** What `PGlite.create` does, for this class. */
  static async open(options: PGliteOptions): Promise<EmbeddedPGlite> {
    const db = new EmbeddedPGlite(options);
    await db.waitReady;
    return db;
  }

  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const name = this.#nameOf(text, options);
    if (!name) return super.query<T>(text, params, options);
    // As PGlite's own query: refused once closing, after any transaction under way, and written to the file system after.
    await this._checkReady();
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        const result = await this.#runPrepared<T>(name, text, params, options);
        await this.syncToFs();
        return result;
      }),
    );
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const query = async <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
        const name = this.#nameOf(text, options);
        if (!name) return tx.query<R>(text, params, options);
        if (tx.closed) throw new Error("Transaction is closed");
        return this._runExclusiveQuery(() => this.#runPrepared<R>(name, text, params, options));
      };
      // The transaction's own handle otherwise (its `closed`, its rollback).
      return callback(Object.create(tx, { query: { value: query } }) as Transaction);
    });
  }

  /** The name `text` runs by, or undefined to send it as PGlite does (a query with a file, or its parameters' types given). */
  #nameOf(text: string, options: QueryOptions | undefined): string | undefined {
    return options?.blob || options?.paramTypes ? undefined : this.#names.nameOf(text);
  }

  /**
   * Runs `text` by its name, prepared first if it is not yet (a failed preparation is tried again next
   * time), after closing the names given up; called holding the query lock.
   */
  async #runPrepared<T>(name: string, text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    try {
      const closed = this.#names.takeClosed();
      if (closed.length > 0) {
        await this.#send([...closed.map((old) => serialize.close({ type: "S", name: old })), serialize.sync()], options);
        for (const old of closed) this.#paramTypes.delete(old);
      }
      let paramTypes = this.#paramTypes.get(name);
      if (!paramTypes) {
        const described = await this.#send([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()], options);
        paramTypes = parse.parseDescribeStatementResults(described);
        this.#paramTypes.set(name, paramTypes);
      }
      // Each value as PGlite's own query serializes it, by the type its parameter was given.
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = options?.serializers?.[paramTypes[i]!] ?? this.serializers[paramTypes[i]!];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await this.#send(
        [serialize.bind({ statement: name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()],
        options,
      );
      return parse.parseResults(messages, this.parsers, options)[0] as Results<T>;
    } catch (error) {
      // As PGlite's own query reports a failed statement.
      if (error instanceof Error && "code" in error) Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }

  /** The protocol's messages sent in one turn (a sync last: a failure skips to it, and is thrown after). */
  #send(messages: Uint8Array[], options: QueryOptions | undefined) {
    const buffer = new Uint8Array(messages.reduce((length, m) => length + m.length, 0));
    messages.reduce((offset, m) => (buffer.set(m, offset), offset + m.length), 0);
    return this.execProtocolStream(buffer, { syncToFs: false, onNotice: options?.onNotice });
  }
}
