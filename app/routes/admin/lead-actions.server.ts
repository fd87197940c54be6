// HTTP answers shared by the inbox and the person view: the toast-only results of their row actions, and the
// status change of one lead (intent "set-status", fields kind, id, status).
import { data } from "react-router";
import type { ToastMessage } from "~/components/ui/toaster";
import { isLeadKind, isLeadStatus } from "~/lib/lead-status";
import { logger } from "~/lib/logger.server";
import type { AuditContext } from "~/models/audit.server";
import { setLeadStatus } from "~/models/contacts-admin.server";

// A row that is already gone answers 409 (the page showed stale data): React Router reads a 404 from an action
// as "no such route" and would drop the toast.
export const ok = (message: string) => ({ toast: { type: "success", message } as ToastMessage });
export const fail = (message: string, status = 400) =>
  data({ toast: { type: "error", message } as ToastMessage }, { status });

export const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

export async function statusAction(form: FormData, who: AuditContext) {
  const id = String(form.get("id") ?? "");
  const status = form.get("status");
  const kind = form.get("kind") ?? "contact";
  const noun = kind === "contact" ? "contact" : "lead";
  const failed = `Failed to update ${noun} status`;
  if (!isUuid(id) || !isLeadStatus(status) || !isLeadKind(kind)) return fail(failed);
  try {
    const result = await setLeadStatus(kind, id, status, who);
    if (!result) return fail(failed, 409);
    return ok(kind === "contact" ? "Contact status updated" : "Lead status updated");
  } catch (error) {
    logger.error({ err: error }, "failed to update lead status");
    return fail(failed, 500);
  }
}
