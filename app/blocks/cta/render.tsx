import { BLOCK_ICONS, type BlockIconName } from "../icons";
import { ActionButton, buttonVariants, SectionHeading, withKeys } from "../render-parts";
import type { CtaBlock } from "./schema";

// buttonVariants does not merge: text-base! keeps the size the band's second button had with cn (the base's
// text-sm would win over size lg's text-base in the stylesheet, as it does on the other large buttons).
const BAND_STYLES = [
  buttonVariants({ size: "lg", variant: "inverted" }),
  buttonVariants({ size: "lg", variant: "outlineInverted", className: "text-base!" }),
];
const CARD_STYLES = [buttonVariants({ variant: "inverted" }), buttonVariants({ variant: "outlineOnDark" })];

export function CtaView({ block }: { block: CtaBlock }) {
  const headingId = `${block.id}-heading`;
  if (block.style === "card") {
    const Icon = block.icon ? BLOCK_ICONS[block.icon as BlockIconName] : undefined;
    return (
      <section aria-labelledby={headingId} className="bg-white">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <div className="flex flex-col items-start gap-6 rounded-2xl bg-brand-900 p-8 text-white md:flex-row md:items-center md:justify-between">
            <div className="flex gap-4">
              {Icon ? <Icon className="size-10 shrink-0 text-brand-200" aria-hidden /> : null}
              <div>
                <h2 id={headingId} className="text-2xl font-bold">
                  {block.heading}
                </h2>
                {block.text ? <p className="mt-2 text-brand-100">{block.text}</p> : null}
              </div>
            </div>
            {block.actions.length > 0 ? (
              <div className="flex flex-wrap gap-3">
                {withKeys(block.actions, (a) => a.label).map(({ key, item: action }, i) => (
                  <ActionButton
                    key={key}
                    action={action}
                    className={CARD_STYLES[i] ?? ""}
                    source="cta_section"
                  />
                ))}
              </div>
            ) : null}
          </div>
        </div>
      </section>
    );
  }
  return (
    <section aria-labelledby={headingId} className="bg-brand-800">
      <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 lg:px-8">
        <SectionHeading id={headingId} className="text-white">
          {block.heading}
        </SectionHeading>
        {block.text ? <p className="mt-4 text-lg text-brand-100">{block.text}</p> : null}
        {block.actions.length > 0 ? (
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {withKeys(block.actions, (a) => a.label).map(({ key, item: action }, i) => (
              <ActionButton key={key} action={action} className={BAND_STYLES[i] ?? ""} source="cta_section" />
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}
