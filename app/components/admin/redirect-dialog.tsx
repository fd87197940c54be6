// Adding a redirect: the path to redirect from (or, from the 404 monitor, the path already chosen), where to send
// visitors and the type; or editing one, against the version the dialog loaded (versioned-edit.tsx). The form's
// rules are checked here and again by the page's action; duplicates and loops come back from the server as field
// errors.
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
import { EDIT_SUBJECTS } from "~/lib/edit-subjects";
import { type ActionResult, type FieldErrors, fieldErrorsOf } from "~/lib/forms";
import { URL_MAX } from "~/lib/limits";
import {
  encodedTarget,
  REDIRECT_PATH_MAX,
  REDIRECT_STATUS_LABELS,
  REDIRECT_STATUSES,
  readableTarget,
} from "~/lib/redirect-paths";
import { redirectFormSchema } from "~/lib/redirect-schema";
import { useAnswerUntilClosed } from "./one-time-secret";
import { BaseVersion, useVersionedEdit, VersionedEditNotice } from "./versioned-edit";

/** A redirect the dialog edits, as the list shows it. */
export interface EditedRedirect {
  id: string;
  fromPath: string;
  toUrl: string;
  statusCode: number;
  version: string;
}

/** The form as stored (the path cleaned, the target encoded), to set beside a teammate's version. */
function mineOf(form: FormData): Record<string, unknown> {
  const parsed = redirectFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return Object.fromEntries(form);
  return { ...parsed.data, toUrl: encodedTarget(parsed.data.toUrl) };
}

interface RedirectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A path from the 404 monitor: fixed, and the dialog asks only where it should go. */
  fromPath?: string;
  /** The redirect to edit (the dialog adds one without it). */
  editing?: EditedRedirect;
  /** The site's time zone, for when a teammate saved the redirect being edited. */
  timeZone?: string;
  /** The button that opens the dialog (focus returns to it); without one, say with onCloseAutoFocus where focus goes. */
  trigger?: ReactNode;
  onCloseAutoFocus?: (event: Event) => void;
}

export function RedirectDialog({
  open,
  onOpenChange,
  fromPath,
  editing,
  timeZone = "UTC",
  trigger,
  onCloseAutoFocus,
}: RedirectDialogProps) {
  const fetcher = useFetcher<ActionResult>();
  const edit = useVersionedEdit({ fetcher, mineOf });
  const [clientErrors, setClientErrors] = useState<FieldErrors | undefined>();
  const answer = useAnswerUntilClosed(fetcher.data, open);
  useActionToast(fetcher.data);
  const busy = fetcher.state !== "idle";

  // Done: the dialog closes once the list has been read again.
  useEffect(() => {
    if (answer?.ok && fetcher.state === "idle") onOpenChange(false);
  }, [answer, fetcher.state, onOpenChange]);

  const errors = clientErrors ?? (answer?.ok === false ? (answer.fieldErrors ?? {}) : {});
  // What the member sent comes back with a refusal, unless a teammate's version was loaded over it since.
  const values = answer?.ok === false && !edit.theirs ? (answer.values ?? {}) : {};
  const fromNotFound = fromPath !== undefined;
  // An edit starts from the redirect as listed, or from a teammate's version once loaded.
  const shown = editing && (edit.theirs ?? editing);
  const initial = {
    fromPath: values.fromPath ?? String(shown?.fromPath ?? ""),
    toUrl: values.toUrl ?? (shown ? readableTarget(String(shown.toUrl)) : ""),
    statusCode: values.statusCode ?? String(shown?.statusCode ?? "301"),
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setClientErrors(undefined);
        if (next && editing) edit.start(editing);
        onOpenChange(next);
      }}
    >
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent aria-describedby="redirect-dialog-description" onCloseAutoFocus={onCloseAutoFocus}>
        <fetcher.Form
          ref={edit.formRef}
          method="post"
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            const parsed = redirectFormSchema.safeParse(
              Object.fromEntries(new FormData(event.currentTarget)),
            );
            if (parsed.success) {
              setClientErrors(undefined);
              edit.sending(event.currentTarget);
              return;
            }
            event.preventDefault();
            const found = fieldErrorsOf(parsed.error);
            setClientErrors(found);
            toast.error(found.fromPath ?? found.toUrl ?? found.statusCode ?? "Please check the redirect");
          }}
        >
          <DialogHeader>
            <DialogTitle>
              {editing ? "Edit redirect" : fromNotFound ? "Redirect this path" : "Add redirect"}
            </DialogTitle>
            <DialogDescription id="redirect-dialog-description">
              {fromNotFound
                ? "Visitors asking for this path will be sent to the address you choose."
                : "Visitors asking for the path are sent on to the target, with their query string."}
            </DialogDescription>
          </DialogHeader>
          {editing ? (
            <>
              <VersionedEditNotice
                edit={edit}
                subject={EDIT_SUBJECTS.redirect}
                timeZone={timeZone}
                busy={busy}
              />
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="id" value={editing.id} />
              <BaseVersion edit={edit} />
            </>
          ) : (
            <>
              <input type="hidden" name="intent" value="create" />
              <input type="hidden" name="source" value={fromNotFound ? "not-found" : "manual"} />
            </>
          )}
          {/* Their version, once loaded, fills new fields. */}
          <div key={edit.base.version} className="space-y-4">
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
                defaultValue={initial.fromPath}
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
              defaultValue={initial.toUrl}
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
                <Select {...aria} name="statusCode" defaultValue={initial.statusCode}>
                  {REDIRECT_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {REDIRECT_STATUS_LABELS[status]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <DialogFormFooter
            busy={busy}
            label={editing ? "Save redirect" : "Add redirect"}
            busyLabel={editing ? "Saving..." : "Adding..."}
          />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
