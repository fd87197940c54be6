// Restoring a revision of a built form (docs/product.md, Revisions): the revision's fields go back through the
// editor's own checks (app/infra/form-input.server.ts) and are saved like any save of the form — a new revision,
// an audit entry ("form.restore"), the content version when the form can be on the site, the notice to whoever has
// it open — and never over a teammate's newer save. A member who may not decide where leads go restores everything
// but the form's routing and retention, which stay as they are now; one who may not let other sites embed the form,
// everything but its list of those sites.
import { parseFormInput } from "~/infra/form-input.server";
import type { EditVersion } from "~/lib/edit-conflict";
import type { AuditContext } from "~/models/audit.server";
import { getRevision, type Snapshot } from "~/models/content-revisions.server";
import { isStale } from "~/models/edit-conflicts.server";
import { type FormRow, getForm, saveForm } from "~/models/forms.server";

export type FormRestoreOutcome =
  | { ok: true; form: FormRow; restoredFrom: number }
  | { ok: false; reason: "gone" }
  | { ok: false; reason: "conflict"; current: FormRow }
  | { ok: false; reason: "invalid"; fieldErrors: Record<string, string> };

/** A snapshot as the editor sends a form: "" where it sends nothing (no date, no limit, kept for good). */
const editorInputOf = (snapshot: Snapshot) =>
  Object.fromEntries(Object.entries(snapshot).map(([key, value]) => [key, value ?? ""]));

/**
 * Brings revision `revisionId` of form `id` back. `base`: the version of the form the member had when choosing to
 * restore; a teammate's save since then refuses the restore ("conflict") and changes nothing. `keepLeadSettings`: as
 * for saveForm, the routing and retention stay as they are now; `keepEmbedOrigins`: so do the sites that may embed
 * the form.
 */
export async function restoreFormRevision(
  id: string,
  revisionId: number,
  who: AuditContext,
  {
    base,
    keepLeadSettings = false,
    keepEmbedOrigins = false,
  }: { base?: EditVersion; keepLeadSettings?: boolean; keepEmbedOrigins?: boolean } = {},
): Promise<FormRestoreOutcome> {
  const current = await getForm(id);
  const revision = current && (await getRevision("form", id, revisionId));
  if (!current || !revision) return { ok: false, reason: "gone" };
  if (isStale(current, base)) return { ok: false, reason: "conflict", current };
  const kept = {
    ...(keepLeadSettings ? { routing: current.routing, retentionDays: current.retentionDays } : {}),
    ...(keepEmbedOrigins ? { allowedOrigins: current.allowedOrigins } : {}),
  };
  const parsed = parseFormInput(editorInputOf({ ...revision.snapshot, ...kept }));
  if (!parsed.ok) return { ok: false, reason: "invalid", fieldErrors: parsed.fieldErrors };
  const saved = await saveForm(id, parsed.form, who, {
    base,
    keepLeadSettings,
    keepEmbedOrigins,
    revision: { action: "restore", restoredFrom: revision.id },
  });
  return saved.ok ? { ok: true, form: saved.form, restoredFrom: revision.id } : saved;
}
