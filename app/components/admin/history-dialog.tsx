// "History" beside an editor (docs/product.md, Revisions): the page editor, the form screen, the newsletter compose
// screen and each settings tab. A dialog with the document's revisions (when, who, what changed), the comparison with the current
// version and "Restore this revision" (revision-history.tsx). A restore closes it, and the editor takes the
// restored version once the page's data brings it.
import { History } from "lucide-react";
import { useCallback, useState } from "react";
import { type HistorySource, RevisionHistory } from "~/components/admin/revision-history";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import type { ActionResult } from "~/lib/forms";

export function HistoryDialog({
  title,
  description,
  source,
  timeZone,
  onRestored,
}: {
  /** "Page history", "SEO tab history". */
  title: string;
  /** What a restore brings back and what it leaves. */
  description: string;
  source: HistorySource;
  timeZone: string;
  /** After a restore, with its answer. */
  onRestored: (result: ActionResult) => void;
}) {
  const [open, setOpen] = useState(false);
  const restored = useCallback(
    (result: ActionResult) => {
      setOpen(false);
      onRestored(result);
    },
    [onRestored],
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <History aria-hidden />
          History
        </Button>
      </DialogTrigger>
      {open ? (
        <DialogContent className="max-w-4xl">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <RevisionHistory source={source} timeZone={timeZone} onRestored={restored} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
