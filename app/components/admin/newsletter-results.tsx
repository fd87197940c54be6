// A newsletter once it goes out: the live progress of its send (counts, pause and resume) and its clicks per link.
import { Pause, Play } from "lucide-react";
import { useFetcher } from "react-router";
import { progressText, type SendProgressView } from "~/components/admin/newsletters-screen";
import { useFocusBack } from "~/components/admin/use-focus-back";
import { Button } from "~/components/ui/button";
import { useActionToast } from "~/components/ui/toaster";
import type { ActionResult } from "~/lib/forms";
import type { NewsletterStatus } from "~/lib/newsletter-status";

export function Progress({
  newsletter,
  progress,
  headingRef,
}: {
  newsletter: { id: string; status: NewsletterStatus };
  progress: SendProgressView | null;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const { onSubmit } = useFocusBack(busy);
  const p = progress ?? {
    recipients: 0,
    sent: 0,
    failed: 0,
    bounced: 0,
    skipped: 0,
    remaining: 0,
    unsubscribed: 0,
    opened: 0,
    conversions: 0,
    rate: 0,
  };
  const figures: [string, number | string][] = [
    ["Recipients", p.recipients],
    ["Sent", p.sent],
    ["Failed", p.failed],
    ["Bounced", p.bounced],
    ["Remaining", p.remaining],
    ["Messages a second", p.rate],
    ["Unsubscribed from this send", p.unsubscribed],
    ["Skipped (no longer subscribed)", p.skipped],
    ["Leads from its links", p.conversions],
  ];
  if (p.opened) figures.push(["Opened (when counted)", p.opened]);
  return (
    <section
      aria-labelledby="progress-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="progress-heading"
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-20 text-lg font-semibold text-slate-900 lg:scroll-mt-4"
        >
          {newsletter.status === "sent" ? "Results" : "Progress"}
        </h2>
        {newsletter.status === "sending" || newsletter.status === "paused" ? (
          <fetcher.Form method="post" onSubmit={onSubmit}>
            <input type="hidden" name="intent" value={newsletter.status === "sending" ? "pause" : "resume"} />
            <Button type="submit" variant="outline" disabled={busy}>
              {newsletter.status === "sending" ? <Pause aria-hidden /> : <Play aria-hidden />}
              {newsletter.status === "sending" ? "Pause" : "Resume"}
            </Button>
          </fetcher.Form>
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {progressText(p)}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="send-progress">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {p.recipients ? (
        <div
          className="mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-label="Share of recipients done"
          aria-valuemin={0}
          aria-valuemax={p.recipients}
          aria-valuenow={p.recipients - p.remaining}
        >
          <div
            className="h-full bg-brand-600"
            style={{ width: `${Math.round(((p.recipients - p.remaining) / p.recipients) * 100)}%` }}
          />
        </div>
      ) : null}
    </section>
  );
}

export function Clicks({ clicks }: { clicks: { url: string; clicks: number }[] }) {
  return (
    <section
      aria-labelledby="clicks-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="clicks-heading" className="text-lg font-semibold text-slate-900">
        Clicks per link
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {clicks.map((c) => (
          <li key={c.url} className="flex items-baseline justify-between gap-3 py-2 text-sm">
            <span className="min-w-0 break-all text-slate-800">{c.url}</span>
            <span className="font-semibold tabular-nums text-slate-900">{c.clicks}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
