// The status change of one lead, shared by the inbox and the person view (intent "set-status", fields kind, id, status).
import { done, gone, refuse } from "~/lib/forms";
import { isLeadKind, isLeadStatus } from "~/lib/lead-status";
import { logger } from "~/lib/logger.server";
import type { AuditContext } from "~/models/audit.server";
import { setLeadStatus } from "~/models/contacts-admin.server";

export const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

export async function statusAction(form: FormData, who: AuditContext) {
  const id = String(form.get("id") ?? "");
  const status = form.get("status");
  const kind = form.get("kind") ?? "contact";
  const noun = kind === "contact" ? "contact" : "lead";
  const failed = `Failed to update ${noun} status`;
  if (!isUuid(id) || !isLeadStatus(status) || !isLeadKind(kind)) return refuse(failed);
  try {
    const result = await setLeadStatus(kind, id, status, who);
    if (!result) return gone(failed);
    return done(kind === "contact" ? "Contact status updated" : "Lead status updated");
  } catch (error) {
    logger.error({ err: error }, "failed to update lead status");
    return refuse(failed, {}, 500);
  }
}
