// Creating a key: a name and what it may do (its permissions), then the full key shown once with a copy button.
// After the dialog closes the key can never be seen again (only its hash is stored), which the dialog says plainly.
import { Plus } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
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
import { TextField } from "~/components/ui/field";
import { FieldError } from "~/components/ui/input";
import { toast, useActionToast } from "~/components/ui/toaster";
import {
  API_KEY_PERMISSIONS,
  CONTENT_PERMISSION,
  createApiKeySchema,
  KEY_NAME_MAX,
  PERMISSION_CHOICES,
} from "~/lib/api-keys";
import type { ActionResult } from "~/lib/forms";
import { OneTimeSecret, useAnswerUntilClosed } from "./one-time-secret";

/** The form's ActionResult plus the new key, whose only plaintext copy travels in this one answer. */
export interface CreateKeyResult extends ActionResult {
  created?: { id: string; keyName: string; key: string };
}

export function ApiKeyCreateDialog() {
  const fetcher = useFetcher<CreateKeyResult>({ key: "create-api-key" });
  const [open, setOpen] = useState(false);
  const [clientErrors, setClientErrors] = useState<Record<string, string | undefined>>({});
  const current = useAnswerUntilClosed(fetcher.data, open);
  useActionToast(fetcher.data);

  const created = current?.created;
  const error = clientErrors.keyName ?? current?.fieldErrors?.keyName;
  const permissionsError = clientErrors.permissions ?? current?.fieldErrors?.permissions;
  const busy = fetcher.state !== "idle";

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setClientErrors({});
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden />
          Create API Key
        </Button>
      </DialogTrigger>
      <DialogContent aria-describedby="api-key-dialog-description">
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>API key created</DialogTitle>
              <DialogDescription id="api-key-dialog-description">
                Copy the key for “{created.keyName}” now and keep it somewhere safe.
              </DialogDescription>
            </DialogHeader>
            <OneTimeSecret
              id="created-api-key"
              label="Your API key"
              value={created.key}
              copyLabel="Copy API key"
              copiedMessage="API key copied to clipboard"
              warning={
                <>
                  This is the only time the full key is shown. Only a fingerprint of it is stored, so it
                  cannot be recovered later; create a new key if it is lost.
                </>
              }
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <fetcher.Form
            method="post"
            noValidate
            onSubmit={(event) => {
              const form = new FormData(event.currentTarget);
              const parsed = createApiKeySchema.safeParse({
                keyName: form.get("keyName"),
                permissions: form.getAll("permissions"),
              });
              if (!parsed.success) {
                event.preventDefault();
                const errors = Object.fromEntries(
                  parsed.error.issues.toReversed().map((issue) => [String(issue.path[0]), issue.message]),
                );
                setClientErrors(errors);
                toast.error(errors.keyName ?? errors.permissions ?? "Please enter a key name");
              } else {
                setClientErrors({});
              }
            }}
          >
            <DialogHeader>
              <DialogTitle>Create API key</DialogTitle>
              <DialogDescription id="api-key-dialog-description">
                Name the key and choose what it may do through the content API.
              </DialogDescription>
            </DialogHeader>
            <input type="hidden" name="intent" value="create" />
            <TextField
              id="keyName"
              name="keyName"
              label="Key name"
              placeholder="e.g. Zapier publishing"
              maxLength={KEY_NAME_MAX}
              autoComplete="off"
              error={error}
            />
            <fieldset
              className="mt-4"
              aria-describedby={permissionsError ? "api-key-permissions-error" : undefined}
            >
              <legend className="text-sm font-medium text-slate-900">Permissions</legend>
              {API_KEY_PERMISSIONS.map((permission) => (
                <label key={permission} className="mt-2 flex items-start gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    name="permissions"
                    value={permission}
                    defaultChecked={permission === CONTENT_PERMISSION}
                    aria-invalid={permissionsError ? true : undefined}
                    className="mt-0.5 size-4 shrink-0 accent-slate-900"
                  />
                  <span>
                    <span className="font-medium">{PERMISSION_CHOICES[permission].label}</span>{" "}
                    <code className="rounded bg-slate-100 px-1 text-xs">{permission}</code>
                    <span className="block text-xs text-slate-600">
                      {PERMISSION_CHOICES[permission].description}
                    </span>
                  </span>
                </label>
              ))}
              <FieldError id="api-key-permissions-error">{permissionsError}</FieldError>
            </fieldset>
            <DialogFormFooter busy={busy} label="Create Key" busyLabel="Creating..." />
          </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
