import { PGlite, type PGliteOptions, type QueryOptions, type Results, type Transaction, parse, protocol } from "@electric-sql/pglite";

/**
 * The embedded database, whose statements run one after another on its one connection, each parsed,
 * analysed and planned again before it runs (PGlite sends every query unnamed). A statement whose
 * text it has run before is prepared under a name once and then run by that name (ADR 0227): its
 * values are still parameters, so one text serves every request of its shape, and what PostgreSQL
 * does for a named statement (a plan kept, made anew when a table it reads changes) it does here.
 * At most `MOST_PREPARED` are kept, the first repeated ones; the others run as before.
 */
const MOST_PREPARED = 64;
/** Texts seen once are remembered up to this many, then forgotten together (a text built with its values inside repeats little). */
const MOST_SEEN_ONCE = 1_000;

const { serialize } = protocol;

export class EmbeddedPGlite extends PGlite {
  /** Each prepared statement's name and its parameters' types, by its text. */
  readonly #prepared = new Map<string, { name: string; paramTypes: number[] }>();
  readonly #seenOnce = new Set<string>();

  /** What `PGlite.create` does, for this class. */
  static async open(options: PGliteOptions): Promise<EmbeddedPGlite> {
    const db = new EmbeddedPGlite(options);
    await db.waitReady;
    return db;
  }

  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (this.closed || !this.#runsPrepared(text, options)) return super.query<T>(text, params, options);
    // As PGlite's own query: after any transaction under way, and written to the file system after.
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        const result = await this.#runPrepared<T>(text, params, options);
        await this.syncToFs();
        return result;
      }),
    );
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const query = async <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
        if (!this.#runsPrepared(text, options)) return tx.query<R>(text, params, options);
        if (tx.closed) throw new Error("Transaction is closed");
        return this._runExclusiveQuery(() => this.#runPrepared<R>(text, params, options));
      };
      // The transaction's own handle otherwise (its `closed`, its rollback).
      return callback(Object.create(tx, { query: { value: query } }) as Transaction);
    });
  }

  /** Whether `text` runs by name: prepared already, or seen once before and there is room. */
  #runsPrepared(text: string, options: QueryOptions | undefined): boolean {
    if (options?.blob || options?.paramTypes) return false;
    if (this.#prepared.has(text)) return true;
    if (this.#prepared.size >= MOST_PREPARED) return false;
    if (this.#seenOnce.delete(text)) return true;
    if (this.#seenOnce.size >= MOST_SEEN_ONCE) this.#seenOnce.clear();
    this.#seenOnce.add(text);
    return false;
  }

  /** Runs `text` by its name, preparing it first if need be; called holding the query lock. */
  async #runPrepared<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    try {
      let statement = this.#prepared.get(text);
      if (!statement) {
        const name = `embedded_${this.#prepared.size + 1}`;
        const described = await this.#send([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()], options);
        statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
        this.#prepared.set(text, statement);
      }
      const { name, paramTypes } = statement;
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
