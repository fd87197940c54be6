import { clsx } from "clsx";
import { Check } from "lucide-react";
import { isSafeHref } from "../links";
import { BlockLink, buttonVariants, withKeys } from "../render-parts";
import type { PricingBlock } from "./schema";

export function PricingView({ block }: { block: PricingBlock }) {
  const { noteLink } = block;
  return (
    <section aria-label={block.label} className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
      <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {withKeys(block.plans, (p) => p.name).map(({ key, item: plan }) => (
          <li
            key={key}
            className={clsx(
              "relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm",
              plan.highlighted ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200",
            )}
          >
            {plan.highlighted ? (
              <p className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-0.5 text-xs font-semibold text-white">
                {block.highlightLabel}
              </p>
            ) : null}
            <h2 className="text-xl font-bold text-slate-900">{plan.name}</h2>
            {plan.description ? <p className="mt-2 text-sm text-slate-700">{plan.description}</p> : null}
            <p className="mt-6">
              <span className="text-4xl font-extrabold text-slate-900">{plan.price}</span>
              {plan.period ? <span className="text-slate-700">{plan.period}</span> : null}
            </p>
            <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-800">
              {withKeys(plan.features, (f) => f).map(({ key: featureKey, item: f }) => (
                <li key={featureKey} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
                  {f}
                </li>
              ))}
            </ul>
            <BlockLink
              href={plan.cta.href}
              className={buttonVariants({
                variant: plan.highlighted ? "default" : "outline",
                className: "mt-8",
              })}
              aria-label={`${plan.cta.label}: ${plan.name} plan`}
            >
              {plan.cta.label}
            </BlockLink>
          </li>
        ))}
      </ul>
      {block.note ? (
        <p className="mt-8 text-center text-sm text-slate-700">
          {block.note}
          {noteLink.label && isSafeHref(noteLink.href) ? (
            <>
              {" "}
              <BlockLink href={noteLink.href} className="font-semibold text-brand-700 underline">
                {noteLink.label}
              </BlockLink>
            </>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
