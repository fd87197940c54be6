// The TipTap block editor. Loaded only on demand by BlockEditor (a dynamic import), so ProseMirror never
// ships to public pages nor renders on the server. Only the four block types of docs/product.md (Rich blocks)
// exist in its schema, and text is plain (no inline marks), so what the editor shows is what the public page
// renders.
import { Extension } from "@tiptap/core";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Heading2, Heading3, List, ListOrdered, Pilcrow, Quote } from "lucide-react";
import { useState } from "react";
import { blocksToDoc, docToBlocks } from "~/lib/blocks";
import type { RichBlock } from "~/lib/content";
import { cn } from "~/lib/utils";

export interface BlockEditorImplProps {
  name: string;
  initialBlocks: RichBlock[];
  labelledBy: string;
  describedBy?: string;
}

/** Escape leaves the editor (Tab indents list items), so keyboard users are never trapped inside it. */
const EscapeToLeave = Extension.create({
  name: "escapeToLeave",
  addKeyboardShortcuts() {
    return {
      Escape: () => {
        (this.editor.view.dom as HTMLElement).blur();
        return true;
      },
    };
  },
});

const contentClass =
  "min-h-48 px-3 py-2 text-sm leading-relaxed text-slate-900 outline-none [&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-300 [&_blockquote]:pl-3 [&_blockquote]:italic [&_h1]:mt-3 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-3 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6";

export function BlockEditorImpl({ name, initialBlocks, labelledBy, describedBy }: BlockEditorImplProps) {
  const [value, setValue] = useState(() => JSON.stringify(initialBlocks));
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        bold: false,
        italic: false,
        strike: false,
        underline: false,
        code: false,
        codeBlock: false,
        link: false,
        hardBreak: false,
        horizontalRule: false,
        heading: { levels: [1, 2, 3, 4, 5, 6] },
      }),
      EscapeToLeave,
    ],
    content: blocksToDoc(initialBlocks) as object,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        class: contentClass,
        "data-testid": "block-editor",
      },
    },
    onUpdate: ({ editor: e }) => setValue(JSON.stringify(docToBlocks(e.getJSON()))),
  });

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            paragraph:
              e.isActive("paragraph") &&
              !e.isActive("bulletList") &&
              !e.isActive("orderedList") &&
              !e.isActive("blockquote"),
            h2: e.isActive("heading", { level: 2 }),
            h3: e.isActive("heading", { level: 3 }),
            bullet: e.isActive("bulletList"),
            ordered: e.isActive("orderedList"),
            quote: e.isActive("blockquote"),
          }
        : null,
  });

  const tools = [
    {
      key: "paragraph",
      label: "Paragraph",
      icon: Pilcrow,
      run: () => editor?.chain().focus().setParagraph().run(),
    },
    {
      key: "h2",
      label: "Heading 2",
      icon: Heading2,
      run: () => editor?.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      key: "h3",
      label: "Heading 3",
      icon: Heading3,
      run: () => editor?.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      key: "bullet",
      label: "Bulleted list",
      icon: List,
      run: () => editor?.chain().focus().toggleBulletList().run(),
    },
    {
      key: "ordered",
      label: "Numbered list",
      icon: ListOrdered,
      run: () => editor?.chain().focus().toggleOrderedList().run(),
    },
    {
      key: "quote",
      label: "Quote",
      icon: Quote,
      run: () => editor?.chain().focus().toggleBlockquote().run(),
    },
  ] as const;

  return (
    <div className="rounded-lg border border-slate-300 bg-white shadow-sm focus-within:border-brand-600 focus-within:outline-2 focus-within:outline-brand-600">
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset */}
      <div
        role="group"
        aria-label="Block type"
        className="flex flex-wrap gap-1 border-b border-slate-200 p-1"
      >
        {tools.map(({ key, label, icon: Icon, run }) => (
          <button
            key={key}
            type="button"
            title={label}
            aria-pressed={active?.[key] ?? false}
            disabled={!editor}
            onClick={run}
            className={cn(
              "inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50",
              active?.[key] && "bg-brand-50 text-brand-800",
            )}
          >
            <Icon className="size-4" aria-hidden />
            <span className="sr-only">{label}</span>
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
      <input type="hidden" name={name} value={value} />
    </div>
  );
}
