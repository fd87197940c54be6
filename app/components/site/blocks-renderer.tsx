// Renders the rich blocks of an article (docs/product.md, Rich blocks): header, paragraph, list and quote.
// Pure and free of data access, so the admin CMS can reuse it for its live preview. Callers normalise stored
// bodies with `bodyBlocks()` / `toRichBlocks()` from ~/lib/content, which already drop unknown and malformed
// blocks.
import type { RichBlock } from "~/lib/content";
import { cn } from "~/lib/utils";

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  apos: "'",
  nbsp: " ",
};

/**
 * Block editors store inline markup (<b>, <a>, &nbsp;) in their text. We render text only: tags are dropped
 * and the common entities decoded, so stored HTML can never inject markup into the page.
 */
function blockText(value: string): string {
  return value
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "");
}

const headingClass: Record<number, string> = {
  2: "mt-10 text-2xl font-bold tracking-tight text-slate-900",
  3: "mt-8 text-xl font-semibold text-slate-900",
  4: "mt-6 text-lg font-semibold text-slate-900",
  5: "mt-6 text-base font-semibold text-slate-900",
  6: "mt-6 text-sm font-semibold uppercase tracking-wide text-slate-700",
};

function Heading({ level, text }: { level: number; text: string }) {
  // The page title is the only h1, so a level-1 block becomes h2 and the outline stays valid.
  const shown = Math.min(Math.max(level, 2), 6);
  const Tag = `h${shown}` as "h2" | "h3" | "h4" | "h5" | "h6";
  return <Tag className={headingClass[shown]}>{blockText(text)}</Tag>;
}

function Block({ block }: { block: RichBlock }) {
  switch (block.type) {
    case "header":
      return <Heading level={block.data.level} text={block.data.text} />;
    case "paragraph":
      return (
        <p className="mt-5 whitespace-pre-line leading-8 text-slate-700">{blockText(block.data.text)}</p>
      );
    case "list": {
      const ordered = block.data.style === "ordered";
      const List = ordered ? "ol" : "ul";
      return (
        <List
          className={cn(
            "mt-5 space-y-2 pl-6 leading-7 text-slate-700 marker:text-brand-600",
            ordered ? "list-decimal" : "list-disc",
          )}
        >
          {block.data.items.map((item, i) => (
            // Items are plain strings that may repeat; their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: static list, never reordered
            <li key={i}>{blockText(item)}</li>
          ))}
        </List>
      );
    }
    case "quote":
      return (
        <figure className="mt-8 border-l-4 border-brand-600 bg-brand-50/60 py-4 pl-6 pr-4">
          <blockquote className="text-lg italic leading-8 text-slate-800">
            {blockText(block.data.text)}
          </blockquote>
          {block.data.caption ? (
            <figcaption className="mt-2 text-sm font-medium text-slate-600">
              — {blockText(block.data.caption)}
            </figcaption>
          ) : null}
        </figure>
      );
    default:
      return null;
  }
}

export function BlocksRenderer({ blocks, className }: { blocks: readonly RichBlock[]; className?: string }) {
  return (
    <div className={cn("text-base", className)}>
      {blocks.map((block, i) => (
        // Blocks have no ids; the list is rendered once per article and never reordered in place.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Block key={i} block={block} />
      ))}
    </div>
  );
}
