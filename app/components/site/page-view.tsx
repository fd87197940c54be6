// A page built from blocks, as visitors see it: the route modules of "/", "/pricing" and every other page path
// render this, and so does the page editor's live preview.

import type { PageData } from "~/blocks/page-data";
import { PageBlocks } from "~/blocks/renderers";
import type { PageBlock } from "~/blocks/types";

export function PageView({ blocks, data }: { blocks: readonly PageBlock[]; data: PageData }) {
  return <PageBlocks blocks={blocks} data={data} />;
}
