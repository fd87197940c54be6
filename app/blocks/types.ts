// The stored shape of every block type (types only, so browser code can name them without loading zod).
import type { ClaimsBlock } from "./claims/schema";
import type { ContactFormBlock } from "./contact-form/schema";
import type { CtaBlock } from "./cta/schema";
import type { FaqBlock } from "./faq/schema";
import type { FeaturesBlock } from "./features/schema";
import type { FormBlock } from "./form/schema";
import type { HeroBlock } from "./hero/schema";
import type { LatestBlock } from "./latest/schema";
import type { LogosBlock } from "./logos/schema";
import type { MediaBlock } from "./media/schema";
import type { NewsletterBlock } from "./newsletter/schema";
import type { PricingBlock } from "./pricing/schema";
import type { RichTextBlock } from "./rich-text/schema";
import type { TestimonialsBlock } from "./testimonials/schema";

export type PageBlock =
  | HeroBlock
  | FeaturesBlock
  | ClaimsBlock
  | TestimonialsBlock
  | PricingBlock
  | FaqBlock
  | CtaBlock
  | RichTextBlock
  | MediaBlock
  | LogosBlock
  | LatestBlock
  | ContactFormBlock
  | FormBlock
  | NewsletterBlock;

export type BlockType = PageBlock["type"];
export type BlockOfType<T extends BlockType> = Extract<PageBlock, { type: T }>;
