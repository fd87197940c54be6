// The body field. Without JavaScript (and until the editor's code has loaded) it is a textarea in a small
// Markdown-like syntax; then the TipTap editor (block-editor-impl, imported on demand so it never reaches the
// public bundle or the server render) takes over with the text typed so far. Both submit under one name; the
// server's parseBody accepts either.
import { type ComponentType, useEffect, useId, useRef, useState } from "react";
import { Textarea } from "~/components/ui/input";
import { blocksToText, textToBlocks } from "~/lib/blocks";
import type { RichBlock } from "~/lib/content";
import type { BlockEditorImplProps } from "./block-editor-impl";

interface BlockEditorProps {
  name: string;
  labelId: string;
  initialBlocks: RichBlock[];
  /** A textarea id, so the field's <label> points somewhere before the editor loads. */
  id: string;
}

export function BlockEditor({ name, labelId, initialBlocks, id }: BlockEditorProps) {
  const [loaded, setLoaded] = useState<{
    Impl: ComponentType<BlockEditorImplProps>;
    blocks: RichBlock[];
  } | null>(null);
  const [text, setText] = useState(() => blocksToText(initialBlocks));
  const textRef = useRef(text);
  textRef.current = text;
  const hintId = useId();

  useEffect(() => {
    let alive = true;
    import("./block-editor-impl").then(
      // The editor starts from what was typed into the textarea meanwhile.
      (m) => alive && setLoaded({ Impl: m.BlockEditorImpl, blocks: textToBlocks(textRef.current) }),
      // The textarea keeps working if the chunk cannot load (e.g. a deploy replaced it).
      () => {},
    );
    return () => {
      alive = false;
    };
  }, []);

  if (loaded) {
    const { Impl } = loaded;
    return (
      <>
        <Impl name={name} initialBlocks={loaded.blocks} labelledBy={labelId} describedBy={hintId} />
        <p id={hintId} className="mt-1.5 text-xs text-slate-600">
          Type “## ” for a heading, “- ” or “1. ” for a list, “&gt; ” for a quote. Esc leaves the editor.
        </p>
      </>
    );
  }
  return (
    <>
      <Textarea
        id={id}
        name={name}
        rows={10}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={hintId}
        className="font-mono"
      />
      <p id={hintId} className="mt-1.5 text-xs text-slate-600">
        Start a line with “## ” for a heading, “- ” or “1. ” for a list item, “&gt; ” for a quote; separate
        paragraphs with a blank line.
      </p>
    </>
  );
}
