// Every block type's renderer, for the server's static render of a page (static-html.server.tsx) and the page
// editor's live preview. Public pages hydrate only the blocks that need it (public-blocks.tsx), so this map stays
// out of their JavaScript. Adding a block type: one line here, one in registry.ts.
import type { ComponentType } from "react";
import { ClaimsView } from "./claims/render";
import { ContactFormView } from "./contact-form/render";
import { CtaView } from "./cta/render";
import { FaqView } from "./faq/render";
import { FeaturesView } from "./features/render";
import { FormBlockView } from "./form/render";
import { HeroView } from "./hero/render";
import { LatestView } from "./latest/render";
import { LogosView } from "./logos/render";
import { MediaView } from "./media/render";
import { NewsletterView } from "./newsletter/render";
import type { PageData } from "./page-data";
import { PricingView } from "./pricing/render";
import { RichTextView } from "./rich-text/render";
import { TestimonialsView } from "./testimonials/render";
import type { BlockOfType, BlockType, PageBlock } from "./types";

type Renderer<T extends BlockType> = ComponentType<{ block: BlockOfType<T>; data: PageData }>;

export const BLOCK_VIEWS: { [T in BlockType]: Renderer<T> } = {
  hero: HeroView,
  features: FeaturesView,
  claims: ClaimsView,
  testimonials: TestimonialsView,
  pricing: PricingView,
  faq: FaqView,
  cta: CtaView,
  "rich-text": RichTextView,
  media: MediaView,
  logos: LogosView,
  latest: LatestView,
  "contact-form": ContactFormView,
  form: FormBlockView,
  newsletter: NewsletterView,
};

/** One block; a type this build does not know renders as nothing. */
export function BlockView({ block, data }: { block: PageBlock; data: PageData }) {
  const View = BLOCK_VIEWS[block.type] as Renderer<BlockType> | undefined;
  return View ? <View block={block} data={data} /> : null;
}

/** All of a page's blocks, every one a live component (the editor's preview). */
export function AllBlocks({ blocks, data }: { blocks: readonly PageBlock[]; data: PageData }) {
  return (
    <>
      {blocks.map((block) => (
        <BlockView key={block.id} block={block} data={data} />
      ))}
    </>
  );
}
