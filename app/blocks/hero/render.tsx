import { CheckCircle2 } from "lucide-react";
import { ShowcaseCarousel } from "~/components/site/showcase-carousel";
import type { PageData } from "../page-data";
import { ActionButton, buttonVariants, withKeys } from "../render-parts";
import type { HeroBlock } from "./schema";

const ACTION_STYLES = [
  buttonVariants({ size: "lg" }),
  buttonVariants({ size: "lg", variant: "outline" }),
  buttonVariants({ size: "lg", variant: "ghost" }),
];

function Actions({ block }: { block: HeroBlock }) {
  if (block.actions.length === 0) return null;
  return (
    <div className="mt-8 flex flex-wrap gap-3">
      {withKeys(block.actions, (a) => a.label).map(({ key, item: action }, i) => (
        <ActionButton
          key={key}
          action={action}
          className={ACTION_STYLES[i] ?? ACTION_STYLES[2] ?? ""}
          source="hero_section"
        />
      ))}
    </div>
  );
}

/** The hero, either layout (the server's static render and the editor's preview). */
export function HeroView({ block, data }: { block: HeroBlock; data: PageData }) {
  return block.layout === "centered" ? (
    <CenteredHero block={block} />
  ) : (
    <SplitHero block={block} data={data} />
  );
}

/** A page's title band: no behaviour, so public pages get it as static HTML. */
function CenteredHero({ block }: { block: HeroBlock }) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          {block.headline}
        </h1>
        {block.text ? <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">{block.text}</p> : null}
        {block.actions.length > 0 ? (
          <div className="flex justify-center">
            <Actions block={block} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** Text beside the showcase: the one layout public pages hydrate (carousel, demo dialog). */
export function SplitHero({ block, data }: { block: HeroBlock; data: PageData }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24 lg:px-8">
        <div>
          {block.badge ? (
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
              {block.badge}
            </p>
          ) : null}
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            {block.headline}
          </h1>
          {block.text ? <p className="mt-6 max-w-xl text-lg leading-8 text-slate-700">{block.text}</p> : null}
          <Actions block={block} />
          {block.checks.length > 0 ? (
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700">
              {withKeys(block.checks, (c) => c).map(({ key, item: check }) => (
                <li key={key} className="flex items-center gap-2">
                  <CheckCircle2 className="size-4 text-green-700" aria-hidden /> {check}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {block.showcase ? <ShowcaseCarousel items={data.showcase} /> : null}
      </div>
    </section>
  );
}
