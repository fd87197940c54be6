// The edit dialog of a list item (a showcase item, a media file's details, a redirect, a webhook endpoint) against the
// version it loaded (app/lib/edit-conflict.ts): the dialog takes the item's version when it opens and sends it back
// as `base`; a save refused because a teammate saved first keeps what the member typed and shows who saved, when,
// and what they changed, with "Load their version" (their values fill the form) and "Save mine over theirs" (a
// normal save carrying their version). A save whose item was deleted meanwhile says so in the dialog.
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { EditConflictNotice } from "~/components/admin/edit-conflict";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { DialogFormFooter } from "~/components/ui/dialog-form-footer";
import { toast, useActionToast } from "~/components/ui/toaster";
import { CONFLICT_MESSAGES, type EditConflict } from "~/lib/edit-conflict";
import type { EditSubject } from "~/lib/edit-subjects";
import type { ActionResult, FieldErrors } from "~/lib/forms";
import { snapshotOf } from "~/lib/revision-fields";

type Values = Record<string, unknown>;

export function useVersionedEdit({
  fetcher,
  mineOf,
  action,
}: {
  fetcher: FetcherWithComponents<ActionResult>;
  /** The form's values shaped like the item (as its fields are compared): what the member sends. `loaded` is the
   * version the form holds, for what the form does not send itself. */
  mineOf: (form: FormData, loaded: Values) => Values;
  /** Where the form posts, when not to the page's own action. */
  action?: string;
}) {
  const [base, setBase] = useState({ version: "", content: {} as Values });
  const [theirs, setTheirs] = useState<Values | undefined>();
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const [gone, setGone] = useState<string | null>(null);
  const [mine, setMine] = useState<Values>({});
  const formRef = useRef<HTMLFormElement>(null);
  const seen = useRef(fetcher.data);
  useEffect(() => {
    if (fetcher.data === seen.current) return;
    seen.current = fetcher.data;
    setConflict(fetcher.data?.conflict ?? null);
    setGone(fetcher.data?.ok === false ? (fetcher.data.fieldErrors?.form ?? null) : null);
  }, [fetcher.data]);

  /** The dialog opens on the item as the list shows it now: that version is the one a save carries. */
  const start = useCallback((item: { version: string }) => {
    setBase({ version: item.version, content: snapshotOf(item) });
    setTheirs(undefined);
    setConflict(null);
    setGone(null);
  }, []);
  /** Called as the form is sent: what the member typed, to set beside a teammate's version if refused. */
  const sending = (form: HTMLFormElement) => setMine(mineOf(new FormData(form), base.content));
  const loadTheirs = () => {
    if (!conflict) return;
    setTheirs(conflict.theirs);
    setBase({ version: conflict.version, content: conflict.theirs });
    setConflict(null);
    toast.success(CONFLICT_MESSAGES.loaded);
  };
  const saveMine = () => {
    if (!conflict || !formRef.current) return;
    const form = new FormData(formRef.current);
    form.set("base", conflict.version);
    setMine(mineOf(form, base.content));
    fetcher.submit(form, { method: "post", action });
  };
  /** Takes a version in from elsewhere (a draft kept in the browser, a teammate's save loaded on purpose). */
  const take = useCallback((version: { version: string; content: Values }, values: Values) => {
    setBase(version);
    setTheirs(values);
    setConflict(null);
  }, []);
  return { formRef, base, theirs, conflict, gone, mine, start, sending, loadTheirs, saveMine, take };
}

export type VersionedEdit = ReturnType<typeof useVersionedEdit>;

/**
 * An edit dialog of its own (open state, fetcher and toast) around useVersionedEdit: it takes the item's version as
 * it opens, and closes when a save goes through.
 */
export function useVersionedEditDialog(
  item: { version: string },
  options: { mineOf: (form: FormData) => Values; action?: string },
) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const edit = useVersionedEdit({ fetcher, ...options });
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setOpen(false);
  }, [fetcher.state, fetcher.data]);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) edit.start(item);
  };
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {};
  return { open, onOpenChange, fetcher, edit, busy: fetcher.state !== "idle", errors };
}

/** The hidden `base` field a versioned form sends: the version the dialog loaded, or the one it took in since. */
export function BaseVersion({ edit }: { edit: VersionedEdit }) {
  return <input type="hidden" name="base" value={edit.base.version} />;
}

/** Above the form: the conflict notice, or the message that the item is gone. */
export function VersionedEditNotice({
  edit,
  subject,
  timeZone,
  busy,
}: {
  edit: VersionedEdit;
  subject: EditSubject;
  timeZone: string;
  busy: boolean;
}) {
  if (edit.conflict) {
    return (
      <EditConflictNotice
        kind={subject}
        conflict={edit.conflict}
        loaded={edit.base.content}
        mine={edit.mine}
        timeZone={timeZone}
        busy={busy}
        onLoadTheirs={edit.loadTheirs}
        onSaveMine={edit.saveMine}
      />
    );
  }
  if (edit.gone) {
    return (
      <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        {edit.gone}
      </p>
    );
  }
  return null;
}

/**
 * A list item's edit dialog: the trigger, a title and a line of description, the notice, the form (posting `intent`
 * with the item's id and version) and Save. `fields` draws the form's fields from the item, or from a teammate's
 * version once loaded (the fields are drawn anew then).
 */
export function VersionedEditDialog({
  item,
  trigger,
  title,
  description,
  subject,
  intent,
  timeZone,
  mineOf,
  saveLabel,
  fields,
}: {
  item: { id: string; version: string };
  trigger: ReactNode;
  title: string;
  description: string;
  subject: EditSubject;
  intent: string;
  timeZone: string;
  mineOf: (form: FormData) => Values;
  saveLabel: string;
  fields: (shown: Values, errors: FieldErrors) => ReactNode;
}) {
  const { open, onOpenChange, fetcher, edit, busy, errors } = useVersionedEditDialog(item, { mineOf });
  const descriptionId = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent aria-describedby={descriptionId}>
        <fetcher.Form
          ref={edit.formRef}
          method="post"
          noValidate
          className="space-y-4"
          onSubmit={(e) => edit.sending(e.currentTarget)}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription id={descriptionId}>{description}</DialogDescription>
          </DialogHeader>
          <VersionedEditNotice edit={edit} subject={subject} timeZone={timeZone} busy={busy} />
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={item.id} />
          <BaseVersion edit={edit} />
          <div key={edit.base.version} className="space-y-4">
            {fields(edit.theirs ?? item, errors)}
          </div>
          <DialogFormFooter busy={busy} label={saveLabel} busyLabel="Saving..." />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
