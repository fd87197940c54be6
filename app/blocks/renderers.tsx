// The public side of the block registry: each block type's renderer. Part of the public pages' first load, so no
// zod here (ADR 011); blocks whose renderer is heavy (rich text, the contact form) load their code on demand and
// still arrive fully rendered from the server. Adding a block type: one line here, one in registry.ts.
import { type ComponentType, lazy, Suspense } from "react";
import { ClaimsView } from "./claims/render";
import { CtaView } from "./cta/render";
import { FaqView } from "./faq/render";
import { FeaturesView } from "./features/render";
import { HeroView } from "./hero/render";
import { LatestView } from "./latest/render";
import { LogosView } from "./logos/render";
import { MediaView } from "./media/render";
import { NewsletterView } from "./newsletter/render";
import type { PageData } from "./page-data";
import { PricingView } from "./pricing/render";
import { TestimonialsView } from "./testimonials/render";
import type { BlockOfType, BlockType, PageBlock } from "./types";

type Renderer<T extends BlockType> = ComponentType<{ block: BlockOfType<T>; data: PageData }>;

const RENDERERS: { [T in BlockType]: Renderer<T> } = {
  hero: HeroView,
  features: FeaturesView,
  claims: ClaimsView,
  testimonials: TestimonialsView,
  pricing: PricingView,
  faq: FaqView,
  cta: CtaView,
  "rich-text": lazy(() => import("./rich-text/render")),
  media: MediaView,
  logos: LogosView,
  latest: LatestView,
  "contact-form": lazy(() => import("./contact-form/render")),
  newsletter: NewsletterView,
};

/** A page's blocks, in order. A block of a type this build does not know renders as nothing. */
export function PageBlocks({ blocks, data }: { blocks: readonly PageBlock[]; data: PageData }) {
  return (
    <>
      {blocks.map((block) => {
        const View = RENDERERS[block.type] as Renderer<BlockType> | undefined;
        if (!View) return null;
        return (
          <Suspense key={block.id} fallback={null}>
            <View block={block} data={data} />
          </Suspense>
        );
      })}
    </>
  );
}
