import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { moveItem } from "~/lib/form-state";

/**
 * Moving items of an ordered list (reviews, team) with Move up / Move down buttons. The moved
 * item's button keeps the keyboard focus (React may re-insert its element, which drops focus),
 * and a live region says where it went.
 */
export function useListMover<T extends { id: string }>(items: readonly T[], onChange: (next: T[]) => void, describe: (item: T) => string) {
  const focusNext = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    const wanted = focusNext.current;
    if (!wanted) return;
    focusNext.current = null;
    const button = document.getElementById(wanted) as HTMLButtonElement | null;
    // At either end the pressed button is disabled: its partner takes the focus.
    const target = button?.disabled
      ? (document.getElementById(wanted.replace(/-(up|down)$/, (_, d) => (d === "up" ? "-down" : "-up"))) as HTMLButtonElement | null)
      : button;
    target?.focus();
  }, [items]);

  const move = (index: number, delta: -1 | 1) => {
    const to = index + delta;
    if (to < 0 || to >= items.length) return;
    const item = items[index]!;
    focusNext.current = moveButtonId(item.id, delta === -1 ? "up" : "down");
    setAnnouncement(`${describe(item)} moved to position ${to + 1} of ${items.length}.`);
    onChange(moveItem(items, index, to));
  };

  return { move, announcement };
}

export const moveButtonId = (itemId: string, direction: "up" | "down") => `move-${itemId}-${direction}`;

/** The two buttons of one item; `name` completes their accessible names ("Move up: review 3 by …"). */
export function MoveButtons({
  itemId,
  index,
  count,
  name,
  onMove,
}: {
  itemId: string;
  index: number;
  count: number;
  name: string;
  onMove: (delta: -1 | 1) => void;
}) {
  return (
    <>
      <Button
        id={moveButtonId(itemId, "up")}
        type="button"
        variant="outline"
        size="sm"
        aria-label={`Move up: ${name}`}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        Move up
      </Button>
      <Button
        id={moveButtonId(itemId, "down")}
        type="button"
        variant="outline"
        size="sm"
        aria-label={`Move down: ${name}`}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        Move down
      </Button>
    </>
  );
}

export function MoveAnnouncement({ text }: { text: string }) {
  return (
    <p aria-live="polite" className="sr-only">
      {text}
    </p>
  );
}
