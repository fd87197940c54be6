// The keys: name, masked key, permissions, an active switch, last use and creation, and delete with confirmation.
import { Trash2 } from "lucide-react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Switch } from "~/components/ui/switch";
import { useActionToast } from "~/components/ui/toaster";
import { type ApiKeySummary, maskApiKey } from "~/lib/api-keys";
import { formatDateTime } from "~/lib/dates";
import type { ActionResult } from "~/lib/forms";
import { ListRow } from "./list-row";

type ApiKeyRow = ApiKeySummary<Date | string>;

/** When a key or session was created or last used: "Never" until it was. */
export function formatWhen(value: Date | string | null): string {
  return formatDateTime(value, "Never");
}

const DELETE_KEY_QUESTION = "Are you sure you want to delete this API key? This action cannot be undone.";

const DELETE_FETCHER = "api-key-delete";

function ApiKeyItem({ apiKey }: { apiKey: ApiKeyRow }) {
  const toggle = useFetcher<ActionResult>();
  // Shared with ApiKeyList: this row unmounts when its deletion succeeds, so the list shows the toast.
  const remove = useFetcher<ActionResult>({ key: DELETE_FETCHER });
  useActionToast(toggle.data);
  const pending = toggle.formData?.get("active");
  const active = pending != null ? pending === "true" : apiKey.isActive;
  const deleting = remove.state !== "idle" && remove.formData?.get("id") === apiKey.id;
  const switchId = `api-key-active-${apiKey.id}`;

  return (
    <ListRow
      busy={deleting}
      testId="api-key-row"
      actions={
        <div className="flex items-center gap-3">
          <label htmlFor={switchId} className="flex min-h-10 items-center gap-2 text-sm text-slate-700">
            <Switch
              id={switchId}
              checked={active}
              aria-label={`Active: ${apiKey.keyName}`}
              onCheckedChange={(checked) =>
                toggle.submit(
                  { intent: "toggle", id: apiKey.id, active: String(checked) },
                  { method: "post" },
                )
              }
            />
            <span aria-hidden>Active</span>
          </label>
          <ConfirmDialog
            title="Delete API key"
            description={DELETE_KEY_QUESTION}
            onConfirm={() => remove.submit({ intent: "delete", id: apiKey.id }, { method: "post" })}
            trigger={
              <Button
                variant="ghost"
                size="icon"
                disabled={deleting}
                className="text-red-700 hover:bg-red-50"
              >
                <Trash2 aria-hidden />
                <span className="sr-only">Delete {apiKey.keyName}</span>
              </Button>
            }
          />
        </div>
      }
    >
      <div className="min-w-0 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-slate-900 break-all">{apiKey.keyName}</h3>
          <Badge variant={active ? "success" : "neutral"}>{active ? "Active" : "Inactive"}</Badge>
        </div>
        <p className="font-mono text-sm break-all text-slate-800" data-testid="api-key-masked">
          {maskApiKey(apiKey.keyStart, apiKey.keyLast4)}
        </p>
        <div className="flex flex-wrap gap-1.5">
          {apiKey.permissions.map((p) => (
            <Badge key={p} variant="outline">
              {p}
            </Badge>
          ))}
        </div>
        <dl className="grid gap-x-6 gap-y-0.5 text-xs text-slate-600 sm:flex">
          <div className="flex gap-1">
            <dt>Last used:</dt>
            <dd>{formatWhen(apiKey.lastUsedAt)}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Created:</dt>
            <dd>{formatWhen(apiKey.createdAt)}</dd>
          </div>
        </dl>
      </div>
    </ListRow>
  );
}

export function ApiKeyList({ keys }: { keys: ApiKeyRow[] }) {
  useActionToast(useFetcher<ActionResult>({ key: DELETE_FETCHER }).data);
  if (keys.length === 0) {
    return (
      <p className="p-6 text-center text-sm text-slate-600">
        No API keys yet. Create one to publish content through the API.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-200">
      {keys.map((k) => (
        <ApiKeyItem key={k.id} apiKey={k} />
      ))}
    </ul>
  );
}
