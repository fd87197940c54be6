// The person view's newsletter part: where their subscription stands, its history (sign-up, confirmation,
// unsubscribe, bounce, complaint, lifted suppression, import), the sends they were a recipient of, and their clicks.
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { formatStamp } from "~/lib/dates";
import {
  type RecipientStatus,
  SUBSCRIBER_EVENT_LABELS,
  SUBSCRIPTION_LABELS,
  type SubscriberEvent,
  type SubscriptionStatus,
} from "~/lib/newsletter-status";

export interface NewsletterLifeView {
  subscription: SubscriptionStatus | null;
  source: string | null;
  sends: { newsletterId: string; subject: string; status: RecipientStatus; at: Date | string }[];
  clicks: { id: string; subject: string; url: string; at: Date | string }[];
  history: { id: string; event: SubscriberEvent; at: Date | string }[];
}

/** What happened to one message, in words ("sent" means their mail server accepted it). */
const DELIVERY_LABELS: Record<RecipientStatus, { label: string; variant: "success" | "danger" | "neutral" }> =
  {
    pending: { label: "Waiting", variant: "neutral" },
    sending: { label: "Sending", variant: "neutral" },
    retrying: { label: "Retrying", variant: "neutral" },
    sent: { label: "Delivered", variant: "success" },
    failed: { label: "Failed", variant: "danger" },
    bounced: { label: "Bounced", variant: "danger" },
    skipped: { label: "Skipped (no longer subscribed)", variant: "neutral" },
  };

function Part({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string | null;
  children: React.ReactNode;
}) {
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {empty ? <p className="mt-2 text-sm text-slate-600">{empty}</p> : children}
    </div>
  );
}

export function NewsletterLife({ life }: { life: NewsletterLifeView }) {
  return (
    <section
      aria-labelledby="newsletter-life-heading"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
      data-testid="newsletter-life"
    >
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-slate-200 px-4 py-3">
        <h2 id="newsletter-life-heading" className="text-lg font-semibold">
          Newsletter
        </h2>
        {life.subscription ? (
          <Badge variant={life.subscription === "confirmed" ? "success" : "neutral"}>
            {SUBSCRIPTION_LABELS[life.subscription]}
          </Badge>
        ) : (
          <Badge variant="neutral">No longer a subscriber</Badge>
        )}
        {life.source === "import" ? (
          <span className="text-sm text-slate-600">Imported from a list</span>
        ) : null}
      </div>
      <div className="grid gap-6 p-4 lg:grid-cols-3">
        <Part title="Subscription history" empty={life.history.length ? null : "Nothing recorded."}>
          <ol className="mt-2 space-y-2" data-testid="subscriber-history">
            {life.history.map((h) => (
              <li key={h.id} className="text-sm text-slate-800">
                <span className="font-medium">{SUBSCRIBER_EVENT_LABELS[h.event]}</span>{" "}
                <time className="text-slate-600">{formatStamp(h.at)}</time>
              </li>
            ))}
          </ol>
        </Part>
        <Part title="Newsletters sent" empty={life.sends.length ? null : "No newsletter sent to them yet."}>
          <ol className="mt-2 space-y-2" data-testid="newsletter-sends">
            {life.sends.map((s) => (
              <li key={s.newsletterId} className="text-sm text-slate-800">
                <Link
                  to={`/admin/newsletters/${s.newsletterId}`}
                  className="break-words font-medium underline"
                >
                  {s.subject}
                </Link>
                <span className="mt-0.5 flex flex-wrap items-center gap-2">
                  <Badge variant={DELIVERY_LABELS[s.status].variant}>{DELIVERY_LABELS[s.status].label}</Badge>
                  <time className="text-slate-600">{formatStamp(s.at)}</time>
                </span>
              </li>
            ))}
          </ol>
        </Part>
        <Part title="Clicks" empty={life.clicks.length ? null : "No clicks."}>
          <ol className="mt-2 space-y-2" data-testid="newsletter-clicks">
            {life.clicks.map((c) => (
              <li key={c.id} className="text-sm text-slate-800">
                <span className="block break-all">{c.url}</span>
                <span className="text-slate-600">
                  in “{c.subject}”, <time>{formatStamp(c.at)}</time>
                </span>
              </li>
            ))}
          </ol>
        </Part>
      </div>
    </section>
  );
}
