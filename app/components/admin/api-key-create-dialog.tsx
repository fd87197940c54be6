// Creating a key: a name, then the full key shown once with a copy button. After the dialog closes the key can
// never be seen again (only its hash is stored), which the dialog says plainly.
import { KeyRound, Plus } from "lucide-react";
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
import { toast, useActionToast } from "~/components/ui/toaster";
import { createApiKeySchema, KEY_NAME_MAX } from "~/lib/api-keys";
import type { ActionResult } from "~/lib/forms";
import { OneTimeSecret, useAnswerUntilClosed } from "./one-time-secret";

/** The form's ActionResult plus the new key, whose only plaintext copy travels in this one answer. */
export interface CreateKeyResult extends ActionResult {
  created?: { id: string; keyName: string; key: string };
}

export function ApiKeyCreateDialog() {
  const fetcher = useFetcher<CreateKeyResult>({ key: "create-api-key" });
  const [open, setOpen] = useState(false);
  const [clientError, setClientError] = useState<string | undefined>();
  const current = useAnswerUntilClosed(fetcher.data, open);
  useActionToast(fetcher.data);

  const created = current?.created;
  const serverError = current?.fieldErrors?.keyName;
  const error = clientError ?? serverError;
  const busy = fetcher.state !== "idle";

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setClientError(undefined);
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
              const parsed = createApiKeySchema.safeParse({ keyName: form.get("keyName") });
              if (!parsed.success) {
                event.preventDefault();
                const message = parsed.error.issues[0]?.message ?? "Please enter a key name";
                setClientError(message);
                toast.error(message);
              } else {
                setClientError(undefined);
              }
            }}
          >
            <DialogHeader>
              <DialogTitle>Create API key</DialogTitle>
              <DialogDescription id="api-key-dialog-description">
                The key can create and read blog posts and academy content through the content API.
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
            <p className="mt-3 flex items-center gap-2 text-xs text-slate-600">
              <KeyRound className="size-3.5" aria-hidden />
              Permissions: content_management
            </p>
            <DialogFormFooter busy={busy} label="Create Key" busyLabel="Creating..." />
          </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
