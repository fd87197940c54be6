import { BlocksRenderer } from "~/components/site/blocks-renderer";
import type { RichTextBlock } from "./schema";

export function RichTextView({ block }: { block: RichTextBlock }) {
  return (
    <section className="bg-white">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
        <BlocksRenderer blocks={block.blocks} />
      </div>
    </section>
  );
}
