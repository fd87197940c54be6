// GET /admin/backups/download/<name>: one archive the backup runs recorded, streamed as an attachment. Owner only
// (backups.manage); a name that is not a recorded, kept archive in BACKUP_DIR is a 404 (no other file can be asked
// for, whatever the name holds). The download is audited (ADR 053).
import { requireCan } from "~/auth/permissions.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { openRecordedArchive } from "~/models/backup-runs.server";
import type { Route } from "./+types/backup-download";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireCan({ request, context }, "backups.manage");
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  const archive = await openRecordedArchive(params.file, who);
  if (!archive) {
    throw new Response("No kept backup has this name on this server.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  return new Response(archive.body, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(archive.size),
      "Content-Disposition": `attachment; filename="${archive.name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
