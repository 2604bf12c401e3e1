/**
 * The names a connection runs its repeated statements by (ADR 0227). A statement sent unnamed is
 * parsed, analysed and planned again each time; one whose text the connection has sent before gets a
 * name, is prepared under it once and then run by it, its values still parameters: one text serves
 * every request of its shape, and PostgreSQL keeps its plan (made anew when a table it reads
 * changes). A connection keeps `MOST_NAMED` names, the most recently used: naming one more closes the
 * one used longest ago (`takeClosed`), so a long-running process keeps preparing what it runs now.
 * Texts seen once are remembered up to `MOST_SEEN_ONCE`, then forgotten together: a text built with
 * its values inside seldom repeats.
 */
const MOST_NAMED = 64;
const MOST_SEEN_ONCE = 1_000;

export class StatementNames {
  /** Each named text's name, the one used longest ago first. */
  readonly #named = new Map<string, string>();
  readonly #seenOnce = new Set<string>();
  #closed: string[] = [];
  #count = 0;

  /** The name to run `text` by on this connection, or undefined to send it unnamed (its first time). */
  nameOf(text: string): string | undefined {
    const named = this.#named.get(text);
    if (named) {
      this.#named.delete(text);
      this.#named.set(text, named);
      return named;
    }
    if (!this.#seenOnce.delete(text)) {
      if (this.#seenOnce.size >= MOST_SEEN_ONCE) this.#seenOnce.clear();
      this.#seenOnce.add(text);
      return undefined;
    }
    if (this.#named.size >= MOST_NAMED) {
      const [oldest, name] = this.#named.entries().next().value!;
      this.#named.delete(oldest);
      this.#closed.push(name);
    }
    // A name is never given twice: a statement queued under a closed one is prepared again.
    const name = `repeated_${++this.#count}`;
    this.#named.set(text, name);
    return name;
  }

  /** The names given up since last asked, for the connection to close before its next statement. */
  takeClosed(): string[] {
    const closed = this.#closed;
    this.#closed = [];
    return closed;
  }
}
