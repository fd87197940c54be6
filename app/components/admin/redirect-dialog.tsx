// Adding a redirect: the path to redirect from (or, from the 404 monitor, the path already chosen), where to send
// visitors and the type. The form's rules are checked here and again by the page's action; duplicates and loops
// come back from the server as field errors.
import { type ReactNode, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { DialogFormFooter } from "~/components/ui/dialog-form-footer";
import { Field, TextField } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import { toast, useActionToast } from "~/components/ui/toaster";
import { type ActionResult, type FieldErrors, fieldErrorsOf } from "~/lib/forms";
import { URL_MAX } from "~/lib/limits";
import { REDIRECT_PATH_MAX, REDIRECT_STATUS_LABELS, REDIRECT_STATUSES } from "~/lib/redirect-paths";
import { redirectFormSchema } from "~/lib/redirect-schema";
import { useAnswerUntilClosed } from "./one-time-secret";

interface RedirectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A path from the 404 monitor: fixed, and the dialog asks only where it should go. */
  fromPath?: string;
  /** The button that opens the dialog (focus returns to it); without one, say with onCloseAutoFocus where focus goes. */
  trigger?: ReactNode;
  onCloseAutoFocus?: (event: Event) => void;
}

export function RedirectDialog({
  open,
  onOpenChange,
  fromPath,
  trigger,
  onCloseAutoFocus,
}: RedirectDialogProps) {
  const fetcher = useFetcher<ActionResult>();
  const [clientErrors, setClientErrors] = useState<FieldErrors | undefined>();
  const answer = useAnswerUntilClosed(fetcher.data, open);
  useActionToast(fetcher.data);
  const busy = fetcher.state !== "idle";

  // Done: the dialog closes once the list has been read again.
  useEffect(() => {
    if (answer?.ok && fetcher.state === "idle") onOpenChange(false);
  }, [answer, fetcher.state, onOpenChange]);

  const errors = clientErrors ?? (answer?.ok === false ? (answer.fieldErrors ?? {}) : {});
  const values = answer?.ok === false ? (answer.values ?? {}) : {};
  const fromNotFound = fromPath !== undefined;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setClientErrors(undefined);
        onOpenChange(next);
      }}
    >
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent aria-describedby="redirect-dialog-description" onCloseAutoFocus={onCloseAutoFocus}>
        <fetcher.Form
          method="post"
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            const parsed = redirectFormSchema.safeParse(
              Object.fromEntries(new FormData(event.currentTarget)),
            );
            if (parsed.success) {
              setClientErrors(undefined);
              return;
            }
            event.preventDefault();
            const found = fieldErrorsOf(parsed.error);
            setClientErrors(found);
            toast.error(found.fromPath ?? found.toUrl ?? found.statusCode ?? "Please check the redirect");
          }}
        >
          <DialogHeader>
            <DialogTitle>{fromNotFound ? "Redirect this path" : "Add redirect"}</DialogTitle>
            <DialogDescription id="redirect-dialog-description">
              {fromNotFound
                ? "Visitors asking for this path will be sent to the address you choose."
                : "Visitors asking for the path are sent on to the target, with their query string."}
            </DialogDescription>
          </DialogHeader>
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="source" value={fromNotFound ? "not-found" : "manual"} />
          {fromNotFound ? (
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-800">From</p>
              <p className="font-mono text-sm break-all text-slate-900">{fromPath}</p>
              <input type="hidden" name="fromPath" value={fromPath} />
              {errors.fromPath ? <p className="mt-1.5 text-sm text-red-700">{errors.fromPath}</p> : null}
            </div>
          ) : (
            <TextField
              id="redirect-from"
              name="fromPath"
              label="From path"
              placeholder="/old-page"
              hint="A path of this site; letter case, trailing slashes and query strings do not matter."
              defaultValue={values.fromPath ?? ""}
              maxLength={REDIRECT_PATH_MAX}
              autoComplete="off"
              error={errors.fromPath}
            />
          )}
          <TextField
            id="redirect-to"
            name="toUrl"
            label="Redirect to"
            placeholder="/new-page or https://example.com/page"
            hint="A path of this site or a full URL."
            defaultValue={values.toUrl ?? ""}
            maxLength={URL_MAX}
            autoComplete="off"
            autoFocus={fromNotFound}
            error={errors.toUrl}
          />
          <Field
            id="redirect-status"
            label="Type"
            hint="301 when the page has moved for good (search engines move its ranking); 302 for a while."
            error={errors.statusCode}
          >
            {(aria) => (
              <Select {...aria} name="statusCode" defaultValue={values.statusCode ?? "301"}>
                {REDIRECT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {REDIRECT_STATUS_LABELS[status]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <DialogFormFooter busy={busy} label="Add redirect" busyLabel="Adding..." />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
