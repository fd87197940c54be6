// A body's forms: the block editor's document ⇄ the stored block list, and a plain-text form for use without
// JavaScript (docs/product.md, Blog CMS).
import { type RichBlock, toRichBlocks } from "./content";

/**
 * The blocks of a submitted body. The editor submits the block list as JSON; without JavaScript the body is a
 * textarea in a small Markdown-like syntax (see textToBlocks).
 */
export function parseBody(body: string): RichBlock[] {
  const trimmed = body.trim();
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) {
    try {
      return toRichBlocks(JSON.parse(trimmed));
    } catch {
      // Not JSON after all: treat it as text.
    }
  }
  return textToBlocks(body);
}

/**
 * Plain text to blocks: "# " to "###### " start a header, "- " or "* " an unordered list item, "1. " an ordered
 * one, "> " a quote; other lines form paragraphs separated by blank lines.
 */
export function textToBlocks(input: string): RichBlock[] {
  const blocks: RichBlock[] = [];
  let paragraph: string[] = [];
  let list: { style: "ordered" | "unordered"; items: string[] } | null = null;
  let quote: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", data: { text: paragraph.join(" ") } });
    if (list?.items.length) blocks.push({ type: "list", data: list });
    if (quote.length) blocks.push({ type: "quote", data: { text: quote.join(" ") } });
    paragraph = [];
    list = null;
    quote = [];
  };
  for (const raw of input.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const header = line.match(/^(#{1,6})\s+(.*)$/);
    const unordered = line.match(/^[-*]\s+(.*)$/);
    const ordered = line.match(/^\d+[.)]\s+(.*)$/);
    const quoted = line.match(/^>\s?(.*)$/);
    if (header?.[1] && header[2]?.trim()) {
      flush();
      blocks.push({ type: "header", data: { level: header[1].length, text: header[2].trim() } });
    } else if (unordered || ordered) {
      const style = ordered ? "ordered" : "unordered";
      const item = ((ordered ?? unordered)?.[1] ?? "").trim();
      if (!list || list.style !== style) {
        flush();
        list = { style, items: [] };
      }
      if (item) list.items.push(item);
    } else if (quoted) {
      if (!quote.length) flush();
      if (quoted[1]?.trim()) quote.push(quoted[1].trim());
    } else {
      if (list || quote.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** Blocks back to the plain-text syntax of textToBlocks (the no-JavaScript editor's initial text). */
export function blocksToText(blocks: readonly RichBlock[]): string {
  return blocks
    .map((block) => {
      switch (block.type) {
        case "header":
          return `${"#".repeat(block.data.level)} ${block.data.text}`;
        case "paragraph":
          return block.data.text;
        case "list":
          return block.data.items
            .map((item, i) => (block.data.style === "ordered" ? `${i + 1}. ${item}` : `- ${item}`))
            .join("\n");
        case "quote":
          return `> ${block.data.text}`;
        default:
          return "";
      }
    })
    .filter(Boolean)
    .join("\n\n");
}

/** A ProseMirror/TipTap JSON node (only what the conversion reads). */
interface DocNode {
  type: string;
  attrs?: Record<string, unknown>;
  text?: string;
  content?: DocNode[];
}

const CAPTION_PREFIX = "— ";

function nodeText(node: DocNode): string {
  if (node.type === "text") return node.text ?? "";
  if (node.type === "hardBreak") return " ";
  return (node.content ?? []).map(nodeText).join("");
}

function listItems(list: DocNode): string[] {
  const items: string[] = [];
  for (const item of list.content ?? []) {
    // An item's own paragraphs form its text; nested lists are flattened into following items, because the
    // stored list block has no nesting.
    const own = (item.content ?? []).filter((c) => c.type !== "bulletList" && c.type !== "orderedList");
    const text = own.map(nodeText).join(" ").replace(/\s+/g, " ").trim();
    if (text) items.push(text);
    for (const nested of item.content ?? []) {
      if (nested.type === "bulletList" || nested.type === "orderedList") items.push(...listItems(nested));
    }
  }
  return items;
}

/** The editor's document to the stored block list (header, paragraph, list, quote); empty blocks are dropped. */
export function docToBlocks(doc: DocNode | null | undefined): RichBlock[] {
  const blocks: RichBlock[] = [];
  for (const node of doc?.content ?? []) {
    switch (node.type) {
      case "heading": {
        const text = nodeText(node).trim();
        const level = Number(node.attrs?.level);
        if (text)
          blocks.push({ type: "header", data: { level: level >= 1 && level <= 6 ? level : 2, text } });
        break;
      }
      case "paragraph": {
        const text = nodeText(node).trim();
        if (text) blocks.push({ type: "paragraph", data: { text } });
        break;
      }
      case "bulletList":
      case "orderedList": {
        const items = listItems(node);
        if (items.length)
          blocks.push({
            type: "list",
            data: { style: node.type === "orderedList" ? "ordered" : "unordered", items },
          });
        break;
      }
      case "blockquote": {
        const parts = (node.content ?? []).map((c) => nodeText(c).trim()).filter(Boolean);
        let caption: string | undefined;
        const last = parts.at(-1);
        if (parts.length > 1 && last?.startsWith(CAPTION_PREFIX)) {
          caption = last.slice(CAPTION_PREFIX.length).trim() || undefined;
          parts.pop();
        }
        const text = parts.join(" ");
        if (text) blocks.push({ type: "quote", data: caption ? { text, caption } : { text } });
        break;
      }
    }
  }
  return blocks;
}

const textNode = (text: string): DocNode[] => (text ? [{ type: "text", text }] : []);
const paragraphNode = (text: string): DocNode => ({ type: "paragraph", content: textNode(text) });

/** The stored block list to the editor's document (a quote's caption becomes a last "— caption" line). */
export function blocksToDoc(blocks: readonly RichBlock[]): DocNode {
  const content: DocNode[] = blocks.map((block) => {
    switch (block.type) {
      case "header":
        return { type: "heading", attrs: { level: block.data.level }, content: textNode(block.data.text) };
      case "list":
        return {
          type: block.data.style === "ordered" ? "orderedList" : "bulletList",
          content: block.data.items.map((item) => ({ type: "listItem", content: [paragraphNode(item)] })),
        };
      case "quote":
        return {
          type: "blockquote",
          content: [
            paragraphNode(block.data.text),
            ...(block.data.caption ? [paragraphNode(`${CAPTION_PREFIX}${block.data.caption}`)] : []),
          ],
        };
      default:
        return paragraphNode(block.data.text);
    }
  });
  return { type: "doc", content: content.length ? content : [{ type: "paragraph" }] };
}
