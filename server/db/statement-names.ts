/**
 * The names a connection runs its repeated statements by (ADR 0227). A statement sent unnamed is
 * parsed, analysed and planned again each time; one whose text the connection has sent before gets a
 * name, is prepared under it once and then run by it, its values still parameters: one text serves
 * every request of its shape, and PostgreSQL keeps its plan (made anew when a table it reads
 * changes). At most `MOST_NAMED` texts a connection are named, the first to repeat; the others run as
 * before. Texts seen once are remembered up to `MOST_SEEN_ONCE`, then forgotten together: a text
 * built with its values inside seldom repeats.
 */
const MOST_NAMED = 64;
const MOST_SEEN_ONCE = 1_000;

export class StatementNames {
  readonly #named = new Map<string, string>();
  readonly #seenOnce = new Set<string>();

  /** The name to run `text` by on this connection, or undefined to send it unnamed (its first time, or no room left). */
  nameOf(text: string): string | undefined {
    const named = this.#named.get(text);
    if (named || this.#named.size >= MOST_NAMED) return named;
    if (this.#seenOnce.delete(text)) {
      const name = `repeated_${this.#named.size + 1}`;
      this.#named.set(text, name);
      return name;
    }
    if (this.#seenOnce.size >= MOST_SEEN_ONCE) this.#seenOnce.clear();
    this.#seenOnce.add(text);
    return undefined;
  }
}
