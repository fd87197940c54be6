// The newsletter's preview on its compose screen: the saved version as subscribers will see it, in a frame that runs
// no script, at phone (375 px) or desktop width, and its plain-text version.
import { useState } from "react";
import { Button } from "~/components/ui/button";

const WIDTHS = { phone: 375, desktop: 800 } as const;

export function Preview({ preview }: { preview: { html: string; text: string } }) {
  const [width, setWidth] = useState<keyof typeof WIDTHS>("desktop");
  return (
    <section
      aria-labelledby="preview-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
          Preview
        </h2>
        <fieldset className="flex gap-2">
          <legend className="sr-only">Preview width</legend>
          {(Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]).map((w) => (
            <Button
              key={w}
              type="button"
              size="sm"
              variant={width === w ? "default" : "outline"}
              aria-pressed={width === w}
              onClick={() => setWidth(w)}
            >
              {w === "phone" ? "Phone (375 px)" : "Desktop"}
            </Button>
          ))}
        </fieldset>
      </div>
      <p className="mt-1 text-xs text-slate-600">The saved version, as subscribers will see it.</p>
      <div className="mt-3 overflow-x-auto rounded-lg bg-slate-100 p-2">
        <iframe
          title={`Newsletter preview, ${width === "phone" ? "phone" : "desktop"} width`}
          sandbox=""
          srcDoc={preview.html}
          className="mx-auto block h-[640px] max-w-full rounded bg-white"
          style={{ width: WIDTHS[width] }}
          data-testid="newsletter-preview"
        />
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-slate-900">Plain-text version</summary>
        <pre className="mt-2 max-h-80 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-3 text-xs text-slate-800">
          {preview.text}
        </pre>
      </details>
    </section>
  );
}
