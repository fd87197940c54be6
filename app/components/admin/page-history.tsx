// "History" in the page editor (docs/product.md, Revisions): a dialog with the page's revisions (when, who, what
// changed), the comparison with the current version and "Restore this revision". A restore closes it and the
// editor takes the restored page.
import { History } from "lucide-react";
import { useCallback, useState } from "react";
import { RevisionHistory } from "~/components/admin/revision-history";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";

export function PageHistory({
  pageId,
  timeZone,
  onRestored,
}: {
  pageId: string;
  timeZone: string;
  /** After a restore, once the page has been loaded again. */
  onRestored: () => void;
}) {
  const [open, setOpen] = useState(false);
  const restored = useCallback(() => {
    setOpen(false);
    onRestored();
  }, [onRestored]);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <History aria-hidden />
          History
        </Button>
      </DialogTrigger>
      {open ? (
        <DialogContent className="max-w-4xl">
          <DialogHeader>
            <DialogTitle>Page history</DialogTitle>
            <DialogDescription>
              Every save keeps a revision. Restoring one brings back its title, search fields and blocks; the
              path, status and publish date stay as they are.
            </DialogDescription>
          </DialogHeader>
          <RevisionHistory kind="page" itemId={pageId} timeZone={timeZone} onRestored={restored} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
