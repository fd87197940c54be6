// The Backups screen's parts: "Back up now" with the progress of the run under way (the page follows it every two
// seconds and says how it ended), the list of archives with their verification and download links, and the empty
// states (backups off: how to turn them on; none yet: when the first runs).
import { CheckCircle2, Download, Loader2, Play, XCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { useFocusBack } from "~/components/admin/use-focus-back";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card } from "~/components/ui/card";
import { toast, useActionToast } from "~/components/ui/toaster";
import { type BackupView, isActiveBackup, KEEP_DAILY, KEEP_WEEKLY } from "~/lib/backup-schedule";
import type { ActionResult } from "~/lib/forms";

const POLL_MS = 2000;

const PROGRESS: Record<string, string> = {
  queued: "Waiting for the server to start the backup…",
  running: "Writing the archive…",
  verifying: "Verifying: restoring the archive into a scratch database…",
};

/** Follows a run under way, and says once how it ended. */
function useFollowRun(runs: BackupView[]) {
  const revalidator = useRevalidator();
  const active = runs.find(isActiveBackup);
  const followed = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!active) return;
    followed.current = active.id;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [active, revalidator]);
  useEffect(() => {
    if (active || !followed.current) return;
    const ended = runs.find((run) => run.id === followed.current);
    followed.current = undefined;
    if (ended?.status === "verified") toast.success("Backup made and verified");
    else if (ended?.status === "failed") toast.error("The backup failed. The reason is in the list.");
  }, [active, runs]);
  return active;
}

export function BackUpNow({ runs }: { runs: BackupView[] }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const active = useFollowRun(runs);
  const starting = fetcher.state !== "idle";
  // The button is disabled while the run goes on: once it ends, the keyboard's focus comes back to it.
  const { onSubmit } = useFocusBack(starting || Boolean(active));
  return (
    <fetcher.Form method="post" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="run" />
      <Button type="submit" disabled={starting || Boolean(active)}>
        {starting || active ? <Loader2 className="animate-spin" aria-hidden /> : <Play aria-hidden />}
        {starting ? "Starting…" : active ? "Backup running…" : "Back up now"}
      </Button>
    </fetcher.Form>
  );
}

export function BackupsOff() {
  return (
    <Card className="mb-6 p-5" data-testid="backups-off">
      <h2 className="text-base font-semibold text-slate-900">Scheduled backups are off</h2>
      <p className="mt-2 text-sm text-slate-700">
        To turn them on, set <code className="rounded bg-slate-100 px-1">BACKUP_DIR</code> to a folder on the
        server (for example <code className="rounded bg-slate-100 px-1">/var/backups/site</code>) and restart
        it. The server then makes and verifies a backup every day at{" "}
        <code className="rounded bg-slate-100 px-1">BACKUP_HOUR</code> (3 in the morning unless set) and keeps
        the last {KEEP_DAILY} days and {KEEP_WEEKLY} weeks. The README's "Backups" section has the details.
      </p>
    </Card>
  );
}

const FINISHED = {
  verified: { variant: "success", Icon: CheckCircle2, label: "Verified" },
  failed: { variant: "danger", Icon: XCircle, label: "Failed" },
} as const;

function StatusBadge({ run }: { run: BackupView }) {
  if (run.status !== "verified" && run.status !== "failed") {
    return <Badge variant="neutral">Not verified yet</Badge>;
  }
  const { variant, Icon, label } = FINISHED[run.status];
  return (
    <Badge variant={variant} className="gap-1">
      <Icon className="size-3.5" aria-hidden />
      {label}
    </Badge>
  );
}

function BackupRow({ run }: { run: BackupView }) {
  const active = isActiveBackup(run);
  return (
    <li
      className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-center sm:gap-4"
      data-testid="backup-row"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          <time dateTime={run.whenIso}>{run.when}</time>
          <span className="text-xs font-normal text-slate-600">
            {run.trigger === "schedule" ? "Daily" : "Back up now"}
            {run.size ? ` · ${run.size}` : ""}
          </span>
        </p>
        {active ? (
          <p role="status" className="mt-1 flex items-center gap-2 text-sm text-slate-700">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {PROGRESS[run.status]}
          </p>
        ) : null}
        {run.status === "failed" && run.error ? (
          <p className="mt-1 break-words text-sm text-red-800" data-testid="backup-error">
            {run.error}
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-3">
        <StatusBadge run={run} />
        {run.file && !active ? (
          <a
            href={`/admin/backups/download/${encodeURIComponent(run.file)}`}
            download
            aria-label={`Download the backup of ${run.when}`}
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Download aria-hidden />
            Download
          </a>
        ) : null}
      </div>
    </li>
  );
}

export function BackupList({
  runs,
  on,
  hour,
  zone,
}: {
  runs: BackupView[];
  on: boolean;
  hour: string;
  zone: string;
}) {
  if (!on && runs.length === 0) return null;
  return (
    <Card className="p-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-5 py-3">
        <h2 className="text-base font-semibold text-slate-900">Archives</h2>
        <p className="text-sm text-slate-600">
          {on
            ? `Every day at ${hour} (${zone}); the last ${KEEP_DAILY} days and ${KEEP_WEEKLY} weeks are kept`
            : `Times in ${zone}`}
        </p>
      </div>
      {runs.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-slate-600" data-testid="backups-empty">
          No backup has run yet. The first one starts within a minute of the server starting; or choose "Back
          up now".
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="backup-list">
          {runs.map((run) => (
            <BackupRow key={run.id} run={run} />
          ))}
        </ul>
      )}
    </Card>
  );
}
