// One item of an editor's ordered list (a page's blocks, a form's fields): the button that selects it, with
// Alt+Arrow Up/Down to move it, and the buttons that move it up or down, duplicate it (where the list allows) and
// remove it. The list itself (drag and drop, where it has it) is the editor's.
import { ArrowDown, ArrowUp, Copy, Trash2 } from "lucide-react";
import type * as React from "react";
import { Button } from "~/components/ui/button";

export function ListItemControls({
  name,
  detail,
  index,
  count,
  selected,
  onSelect,
  onMove,
  onDuplicate,
  onRemove,
}: {
  /** What the item is called in its row and in the buttons' names ("Move Spring launch up"). */
  name: string;
  /** The second line: its kind, and what needs attention. */
  detail: React.ReactNode;
  index: number;
  count: number;
  selected: boolean;
  onSelect: () => void;
  onMove: (from: number, to: number) => void;
  onDuplicate?: () => void;
  onRemove: () => void;
}) {
  return (
    <>
      <button
        type="button"
        className="min-h-10 min-w-0 flex-1 rounded px-2 text-left text-sm"
        aria-pressed={selected}
        aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
        onClick={onSelect}
        onKeyDown={(event) => {
          if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
          event.preventDefault();
          onMove(index, event.key === "ArrowUp" ? index - 1 : index + 1);
        }}
      >
        <span className="block truncate font-semibold text-slate-900">{name}</span>
        <span className="block text-xs text-slate-700">{detail}</span>
      </button>
      <Button
        type="button"
        size="icon"
        variant="ghost"
        aria-label={`Move ${name} up`}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <ArrowUp aria-hidden />
      </Button>
      <Button
        type="button"
        size="icon"
        variant="ghost"
        aria-label={`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <ArrowDown aria-hidden />
      </Button>
      {onDuplicate ? (
        <Button
          type="button"
          size="icon"
          variant="ghost"
          aria-label={`Duplicate ${name}`}
          onClick={onDuplicate}
        >
          <Copy aria-hidden />
        </Button>
      ) : null}
      <Button type="button" size="icon" variant="ghost" aria-label={`Remove ${name}`} onClick={onRemove}>
        <Trash2 aria-hidden />
      </Button>
    </>
  );
}

/** Said after an item is removed from the list, with the button that puts it back. */
export function RemovedNotice({ name, onUndo }: { name: string; onUndo: () => void }) {
  return (
    <div
      className="mt-3 flex items-center justify-between gap-2 rounded-lg bg-slate-100 p-2 text-sm"
      role="status"
    >
      <span>{name} removed.</span>
      <Button type="button" size="sm" variant="outline" onClick={onUndo}>
        Undo
      </Button>
    </div>
  );
}
