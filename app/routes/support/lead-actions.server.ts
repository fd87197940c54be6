// The status change of one lead, shared by the inbox and the person view (intent "set-status", fields kind, id, status),
// and what every inbox action reads first.
import type { RouterContextProvider } from "react-router";
import { requireCan } from "~/auth/permissions.server";
import { logger } from "~/infra/logger.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { done, gone, refuse } from "~/lib/forms";
import { isLeadKind, isLeadStatus } from "~/lib/lead-status";
import { isUuid } from "~/lib/uuid";
import type { AuditContext } from "~/models/audit.server";
import { setLeadStatus } from "~/models/contacts-admin.server";

export { isUuid };

/** An inbox action's member (checked: may work leads), form, intent, row id and audit context. */
export async function inboxAction({
  request,
  context,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const admin = await requireCan({ request, context }, "leads.work");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  return { form, intent, id, who };
}

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
