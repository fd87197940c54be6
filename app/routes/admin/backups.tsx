// /admin/backups: the owner's list of the backups the server made into BACKUP_DIR (verified, failed with the
// reason, or under way), "Back up now" (queued for the backup job, one at a time) and a download link per archive
// (app/routes/admin/backup-download.ts). Owner only (capability backups.manage; ADR 053).
import { data } from "react-router";
import { requireCan } from "~/auth/permissions.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { BackUpNow, BackupList, BackupsOff } from "~/components/admin/backup-list";
import { env } from "~/env.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { type BackupsScreen, type BackupView, formatBytes } from "~/lib/backup-schedule";
import { adminTitle } from "~/lib/brand";
import { done, refuse } from "~/lib/forms";
import { formatInZone } from "~/lib/site-time";
import { type BackupRun, backupSchedule, listBackupRuns, requestBackup } from "~/models/backup-runs.server";
import type { Route } from "./+types/backups";

export function meta() {
  return [{ title: adminTitle("Backups") }];
}

function view(run: BackupRun, zone: string): BackupView {
  const when = run.startedAt ?? run.createdAt;
  return {
    id: run.id,
    trigger: run.trigger,
    status: run.status,
    file: run.file,
    size: run.size === null ? null : formatBytes(run.size),
    error: run.error,
    when: formatInZone(when, zone),
    whenIso: when.toISOString(),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "backups.manage");
  const schedule = backupSchedule();
  const zone = env().siteTimeZone;
  const runs = await listBackupRuns();
  const screen: BackupsScreen = {
    on: schedule !== null,
    hour: `${String(env().backup.hour).padStart(2, "0")}:00`,
    zone,
    runs: runs.map((run) => view(run, zone)),
  };
  return data(screen, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "backups.manage");
  const form = await request.formData();
  if (form.get("intent") !== "run") return refuse("Unknown action");
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  const asked = await requestBackup(who);
  if (!asked.ok) return refuse(asked.message, {}, asked.reason === "busy" ? 409 : 400);
  return done("Backup started. The list shows its progress.");
}

export default function Backups({ loaderData }: Route.ComponentProps) {
  const { on, hour, zone, runs } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Backups"
        description="Archives of the whole site: database and uploads, each restored into a scratch database to verify it"
        actions={on ? <BackUpNow runs={runs} /> : null}
      />
      {on ? null : <BackupsOff />}
      <BackupList runs={runs} on={on} hour={hour} zone={zone} />
    </>
  );
}
