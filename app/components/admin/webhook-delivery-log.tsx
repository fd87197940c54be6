// One endpoint's latest deliveries: time, event, status, HTTP answer, duration, attempts and the answer's start,
// with "Resend" for a delivery that is finished or waiting for its next retry.
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useActionToast } from "~/components/ui/toaster";
import type { ActionResult } from "~/lib/forms";
import { formatWhen } from "./api-key-list";

export interface DeliveryRow {
  id: string;
  event: string;
  status: string;
  attempts: number;
  lastHttpStatus: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
  responseExcerpt: string | null;
  lastAttemptAt: Date | string | null;
  createdAt: Date | string;
}

const STATUS_VARIANT: Record<string, "success" | "neutral" | "warning" | "danger"> = {
  delivered: "success",
  failed: "danger",
  retrying: "warning",
  pending: "neutral",
  delivering: "neutral",
};

function ResendButton({ endpointId, delivery }: { endpointId: string; delivery: DeliveryRow }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  if (delivery.status === "pending" || delivery.status === "delivering") return null;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={fetcher.state !== "idle"}
      onClick={() =>
        fetcher.submit({ intent: "resend", id: endpointId, delivery: delivery.id }, { method: "post" })
      }
    >
      Resend
      <span className="sr-only">
        {" "}
        {delivery.event} from {formatWhen(delivery.createdAt)}
      </span>
    </Button>
  );
}

export function DeliveryLog({ endpointId, deliveries }: { endpointId: string; deliveries: DeliveryRow[] }) {
  return (
    <details className="rounded-lg border border-slate-200">
      <summary className="min-h-10 cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">
        Delivery log ({deliveries.length})
      </summary>
      {deliveries.length === 0 ? (
        <p className="px-3 pb-3 text-sm text-slate-600">
          Nothing sent yet. Use "Send test event" to try the endpoint.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {deliveries.map((d) => (
            <li
              key={d.id}
              className="grid gap-1 px-3 py-2 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
            >
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-xs text-slate-900">{d.event}</span>
                  <Badge variant={STATUS_VARIANT[d.status] ?? "neutral"}>{d.status}</Badge>
                  <span className="text-xs text-slate-600">{formatWhen(d.lastAttemptAt ?? d.createdAt)}</span>
                </div>
                <p className="text-xs text-slate-700">
                  HTTP {d.lastHttpStatus ?? "—"} · {d.lastDurationMs ?? "—"} ms · attempt {d.attempts}
                  {d.lastError && !d.lastError.startsWith("HTTP ") ? ` · ${d.lastError}` : ""}
                </p>
                {d.responseExcerpt ? (
                  <pre className="max-h-24 overflow-auto rounded bg-slate-50 p-2 text-xs break-all whitespace-pre-wrap text-slate-700">
                    {d.responseExcerpt}
                  </pre>
                ) : null}
              </div>
              <ResendButton endpointId={endpointId} delivery={d} />
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
