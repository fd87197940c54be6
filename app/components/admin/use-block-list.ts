// The page editor's list of blocks and what a member does to it: add from the palette, move, duplicate, remove with
// undo, change a field, or take a whole list in (a restore, a teammate's version, a draft kept in the browser).
// Each change is told to screen readers through `announce`.
import { useState } from "react";
import type { FieldSpec } from "~/blocks/fields";
import { setAt, swap, type Value } from "~/components/admin/page-fields";

export interface PaletteEntry {
  type: string;
  label: string;
  description: string;
  fields: readonly FieldSpec[];
  create: Record<string, unknown>;
}

const newId = () => Math.random().toString(36).slice(2, 10);
const firstId = (blocks: Value[]) => (blocks[0]?.id as string | undefined) ?? null;

export function useBlockList(initial: Value[], palette: PaletteEntry[]) {
  const [blocks, setBlocks] = useState<Value[]>(initial);
  const [selected, setSelected] = useState<string | null>(firstId(initial));
  const [removed, setRemoved] = useState<{ block: Value; index: number } | null>(null);
  const [announce, setAnnounce] = useState("");

  const specOf = (type: unknown) => palette.find((p) => p.type === type);
  const labelOf = (block: Value) => specOf(block.type)?.label ?? String(block.type);
  const summaryOf = (block: Value) =>
    String(block.headline ?? block.heading ?? block.label ?? "").slice(0, 60) || labelOf(block);

  return {
    blocks,
    selected,
    setSelected,
    removed,
    announce,
    setAnnounce,
    labelOf,
    summaryOf,
    /** Puts a whole list in place of the one held (nothing selected but its first block, no undo). */
    replace(next: Value[]) {
      setBlocks(next);
      setSelected(firstId(next));
      setRemoved(null);
    },
    move(from: number, to: number) {
      if (to < 0 || to >= blocks.length) return;
      setBlocks(swap(blocks, from, to));
      const block = blocks[from];
      if (block) setAnnounce(`${summaryOf(block)} moved to position ${to + 1} of ${blocks.length}`);
    },
    add(type: string) {
      const spec = specOf(type);
      if (!spec) return;
      const block = { id: newId(), type: spec.type, ...structuredClone(spec.create) };
      setBlocks([...blocks, block]);
      setSelected(block.id);
      setAnnounce(`${spec.label} added at position ${blocks.length + 1}`);
    },
    duplicate(index: number) {
      const original = blocks[index];
      if (!original) return;
      const copy = { ...structuredClone(original), id: newId() };
      setBlocks([...blocks.slice(0, index + 1), copy, ...blocks.slice(index + 1)]);
      setSelected(copy.id as string);
      setAnnounce(`${summaryOf(original)} duplicated`);
    },
    remove(index: number) {
      const block = blocks[index];
      if (!block) return;
      setBlocks(blocks.filter((_, i) => i !== index));
      setRemoved({ block, index });
      if (selected === block.id) setSelected(null);
      setAnnounce(`${summaryOf(block)} removed`);
    },
    undo() {
      if (!removed) return;
      const next = [...blocks];
      next.splice(Math.min(removed.index, next.length), 0, removed.block);
      setBlocks(next);
      setSelected(removed.block.id as string);
      setRemoved(null);
      setAnnounce(`${summaryOf(removed.block)} restored`);
    },
    change(index: number, path: string, next: unknown) {
      setBlocks((current) => current.map((b, i) => (i === index ? setAt(b, path, next) : b)));
    },
    /** A change that reaches beyond one item (a renamed form field, and the conditions that name it). */
    update(change: (current: Value[]) => Value[]) {
      setBlocks(change);
    },
  };
}
