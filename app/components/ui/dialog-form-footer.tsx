// The footer of a dialog that holds a form: Cancel (closes the dialog) and the submit button, which shows a
// spinner and its busy label while the form is sent.
import { Button } from "~/components/ui/button";
import { DialogClose, DialogFooter } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";

export function DialogFormFooter({
  busy,
  label,
  busyLabel,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={busy}>
        {busy ? <Spinner /> : null}
        {busy ? busyLabel : label}
      </Button>
    </DialogFooter>
  );
}
