// The Webhooks tab: endpoints with their events, an active switch, edit (URL and events), "Send test event", rotate
// secret and delete (both confirmed), and each endpoint's delivery log with "Resend". A secret is shown once, right
// after it is made.
import { Plus, RotateCw, Send, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { DialogFormFooter } from "~/components/ui/dialog-form-footer";
import { Switch } from "~/components/ui/switch";
import { useActionToast } from "~/components/ui/toaster";
import type { ActionResult } from "~/lib/forms";
import { formatWhen } from "./api-key-list";
import { OneTimeSecret, useAnswerUntilClosed } from "./one-time-secret";
import { DeliveryLog, type DeliveryRow } from "./webhook-delivery-log";
import { EditEndpointDialog, EndpointFields } from "./webhook-endpoint-form";

interface EndpointRow {
  id: string;
  /** The version the edit dialog sends back. */
  version: string;
  url: string;
  events: string[];
  active: boolean;
  createdAt: Date | string;
  deliveries: DeliveryRow[];
}

type SecretResult = ActionResult & { secret?: { id: string; value: string } };

/** The secret, once: a read-only field and a copy button. */
function SecretReveal({ value, id }: { value: string; id: string }) {
  return (
    <OneTimeSecret
      id={id}
      label="Signing secret"
      value={value}
      copyLabel="Copy signing secret"
      copiedMessage="Secret copied to clipboard"
      warning="Copy the signing secret now: it is shown only this once. Your receiver verifies each webhook with it."
    />
  );
}

function AddEndpointDialog({ events }: { events: readonly string[] }) {
  const fetcher = useFetcher<SecretResult>({ key: "webhook-create" });
  const [open, setOpen] = useState(false);
  useActionToast(fetcher.data);
  const current = useAnswerUntilClosed(fetcher.data, open);
  const errors = current?.ok === false ? (current.fieldErrors ?? {}) : {};
  const busy = fetcher.state !== "idle";

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden />
          Add endpoint
        </Button>
      </DialogTrigger>
      <DialogContent aria-describedby="webhook-dialog-description">
        {current?.secret ? (
          <>
            <DialogHeader>
              <DialogTitle>Endpoint added</DialogTitle>
              <DialogDescription id="webhook-dialog-description">
                Events will be sent to this endpoint from now on.
              </DialogDescription>
            </DialogHeader>
            <SecretReveal id="new-webhook-secret" value={current.secret.value} />
            <DialogFooter>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <fetcher.Form method="post" noValidate className="space-y-4">
            <DialogHeader>
              <DialogTitle>Add webhook endpoint</DialogTitle>
              <DialogDescription id="webhook-dialog-description">
                We POST a signed JSON body (Standard Webhooks) to this URL for each chosen event.
              </DialogDescription>
            </DialogHeader>
            <input type="hidden" name="intent" value="create" />
            <EndpointFields
              idPrefix="webhook"
              events={events}
              url={current?.values?.url ?? ""}
              chosen={["lead.created"]}
              errors={errors}
            />
            <DialogFormFooter busy={busy} label="Add endpoint" busyLabel="Adding..." />
          </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function EndpointItem({
  endpoint,
  events,
  timeZone,
}: {
  endpoint: EndpointRow;
  events: readonly string[];
  timeZone: string;
}) {
  const toggle = useFetcher<ActionResult>();
  const action = useFetcher<SecretResult>();
  const remove = useFetcher<ActionResult>({ key: "webhook-delete" });
  const [shownSecret, setShownSecret] = useState<SecretResult | undefined>();
  useActionToast(toggle.data);
  useActionToast(action.data);
  useEffect(() => {
    if (action.data?.secret) setShownSecret(action.data);
  }, [action.data]);
  const pending = toggle.formData?.get("active");
  const active = pending != null ? pending === "true" : endpoint.active;
  const post = (intent: string) => action.submit({ intent, id: endpoint.id }, { method: "post" });
  const switchId = `webhook-active-${endpoint.id}`;

  return (
    <li className="space-y-3 p-4" data-testid="webhook-endpoint">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
        <div className="min-w-0 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-mono text-sm font-semibold break-all text-slate-900">{endpoint.url}</h3>
            <Badge variant={active ? "success" : "neutral"}>{active ? "Active" : "Off"}</Badge>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {endpoint.events.map((event) => (
              <Badge key={event} variant="outline">
                {event}
              </Badge>
            ))}
          </div>
          <p className="text-xs text-slate-600">Added {formatWhen(endpoint.createdAt)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={switchId} className="flex min-h-10 items-center gap-2 text-sm text-slate-700">
            <Switch
              id={switchId}
              checked={active}
              aria-label={`Active: ${endpoint.url}`}
              onCheckedChange={(checked) =>
                toggle.submit(
                  { intent: "toggle", id: endpoint.id, active: String(checked) },
                  { method: "post" },
                )
              }
            />
            <span aria-hidden>Active</span>
          </label>
          <EditEndpointDialog endpoint={endpoint} events={events} timeZone={timeZone} />
          <Button variant="outline" size="sm" onClick={() => post("test")} disabled={action.state !== "idle"}>
            <Send aria-hidden />
            Send test event
          </Button>
          <ConfirmDialog
            title="Rotate signing secret"
            description="Rotate the signing secret? Deliveries are signed with the new secret at once, so update your receiver right away."
            confirmLabel="Rotate"
            onConfirm={() => post("rotate")}
            trigger={
              <Button variant="outline" size="sm">
                <RotateCw aria-hidden />
                Rotate secret
              </Button>
            }
          />
          <ConfirmDialog
            title="Delete endpoint"
            description="Are you sure you want to delete this endpoint and its delivery log? This action cannot be undone."
            onConfirm={() => remove.submit({ intent: "delete", id: endpoint.id }, { method: "post" })}
            trigger={
              <Button variant="ghost" size="icon" className="text-red-700 hover:bg-red-50">
                <Trash2 aria-hidden />
                <span className="sr-only">Delete {endpoint.url}</span>
              </Button>
            }
          />
        </div>
      </div>
      {shownSecret?.secret ? (
        <div className="rounded-lg border border-slate-200 p-3">
          <SecretReveal id={`webhook-secret-${endpoint.id}`} value={shownSecret.secret.value} />
          <Button variant="outline" size="sm" className="mt-2" onClick={() => setShownSecret(undefined)}>
            Hide secret
          </Button>
        </div>
      ) : null}
      <DeliveryLog endpointId={endpoint.id} deliveries={endpoint.deliveries} />
    </li>
  );
}

export function WebhookEndpoints({
  endpoints,
  events,
  timeZone,
}: {
  endpoints: EndpointRow[];
  events: readonly string[];
  /** The site's time zone, for when a teammate saved an endpoint being edited. */
  timeZone: string;
}) {
  useActionToast(useFetcher<ActionResult>({ key: "webhook-delete" }).data);
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4 sm:p-6">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Webhooks</h2>
          <p className="text-sm text-slate-600">
            Signed JSON for new leads, sign-ups and publications; retried for a day if your receiver fails.
          </p>
        </div>
        <AddEndpointDialog events={events} />
      </div>
      {endpoints.length === 0 ? (
        <p className="p-6 text-center text-sm text-slate-600">
          No webhook endpoints yet. Add one to send leads to your CRM or automation tool.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {endpoints.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} events={events} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </Card>
  );
}
