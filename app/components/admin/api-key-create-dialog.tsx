// Creating a key: a name, then the full key shown once with a copy button. After the dialog closes the key can
// never be seen again (only its hash is stored), which the dialog says plainly.
import { KeyRound, Plus, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
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
import { FieldError, Input, Label } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { toast, useActionToast } from "~/components/ui/toaster";
import { createApiKeySchema, KEY_NAME_MAX } from "~/lib/api-keys";
import { CopyButton } from "./api-key-copy";

export interface CreateKeyResult {
  toast?: { type: "success" | "error"; message: string };
  created?: { id: string; keyName: string; key: string };
  fieldErrors?: { keyName?: string[] };
}

export function ApiKeyCreateDialog() {
  const fetcher = useFetcher<CreateKeyResult>({ key: "create-api-key" });
  const [open, setOpen] = useState(false);
  const [clientError, setClientError] = useState<string | undefined>();
  // The response whose key the admin has already dismissed: it is never shown again.
  const [dismissed, setDismissed] = useState<CreateKeyResult | undefined>();
  useActionToast(fetcher.data);

  const created = fetcher.data && fetcher.data !== dismissed ? fetcher.data.created : undefined;
  const serverError = fetcher.data !== dismissed ? fetcher.data?.fieldErrors?.keyName?.[0] : undefined;
  const error = clientError ?? serverError;
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (!open && fetcher.data) setDismissed(fetcher.data);
  }, [open, fetcher.data]);

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
            <p className="flex gap-2 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              This is the only time the full key is shown. Only a fingerprint of it is stored, so it cannot be
              recovered later; create a new key if it is lost.
            </p>
            <Label htmlFor="created-api-key" className="mt-4">
              Your API key
            </Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id="created-api-key"
                readOnly
                value={created.key}
                className="font-mono text-xs"
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton
                text={created.key}
                label="Copy"
                successMessage="API key copied to clipboard"
                className="min-h-10"
                aria-label="Copy API key"
              />
            </div>
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
            <Label htmlFor="keyName">Key name</Label>
            <Input
              id="keyName"
              name="keyName"
              placeholder="e.g. Zapier publishing"
              maxLength={KEY_NAME_MAX}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "keyName-error" : undefined}
            />
            <FieldError id="keyName-error">{error}</FieldError>
            <p className="mt-3 flex items-center gap-2 text-xs text-slate-600">
              <KeyRound className="size-3.5" aria-hidden />
              Permissions: content_management
            </p>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </DialogClose>
              <Button type="submit" disabled={busy}>
                {busy ? <Spinner /> : null}
                {busy ? "Creating..." : "Create Key"}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
