// What a built form collected, read for the members who see leads: the form's own list of submissions, its CSV
// export (a file answer as its name and size, with the address to download it), and one submission's stored file
// for the download route.
import { and, desc, eq, isNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { formResponses } from "~/db/schema";
import { env } from "~/env.server";
import { toCsv } from "~/lib/csv";
import type { FormField } from "~/lib/form-builder/definition";
import {
  type FileAnswer,
  fileAnswerText,
  formFileHref,
  type ShownFile,
  shownFiles,
} from "~/lib/form-builder/files";
import { answerText } from "~/lib/form-builder/submission";
import { isUuid } from "~/lib/uuid";
import { type AuditContext, auditAs } from "~/models/audit.server";
import { getForm } from "~/models/forms.server";

/** One submission as the form's own list and export show it. */
export interface ShownResponse {
  id: string;
  createdAt: Date;
  values: Record<string, string | string[]>;
  /** The stored files of its file fields (name and size), by field name. */
  files: Record<string, ShownFile>;
  sourcePage: string | null;
  utmCampaign: string | null;
}

/** The newest submissions of a form, not those held as suspected spam; `limit` undefined: all (the export). */
export async function listFormResponses(formId: string, limit?: number): Promise<ShownResponse[]> {
  const query = db()
    .select({
      id: formResponses.id,
      createdAt: formResponses.createdAt,
      values: formResponses.values,
      files: formResponses.files,
      sourcePage: formResponses.sourcePage,
      utmCampaign: formResponses.utmCampaign,
    })
    .from(formResponses)
    .where(and(eq(formResponses.formId, formId), isNull(formResponses.heldReason)))
    .orderBy(desc(formResponses.createdAt));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => ({ ...row, files: shownFiles(row.files) }));
}

/** The export's columns for one field: its answer, and for a file field the address that downloads the file. */
function columnsOf(field: FormField) {
  const header = field.label || field.name;
  if (field.type !== "file")
    return [{ header, value: (r: ShownResponse) => answerText(r.values[field.name]) }];
  const file = (r: ShownResponse) => (Object.hasOwn(r.files, field.name) ? r.files[field.name] : undefined);
  return [
    { header, value: (r: ShownResponse) => (file(r) ? fileAnswerText(file(r) as ShownFile) : "") },
    {
      header: `${header} (download)`,
      value: (r: ShownResponse) => (file(r) ? `${env().baseUrl}${formFileHref(r.id, field.name)}` : ""),
    },
  ];
}

/**
 * A form's submissions as CSV (RFC 4180, formula triggers neutralised): one column per field that collects an
 * answer, in the form's order (a file field's answer, then its download address), then when, the page and the
 * campaign. Recorded in the audit log like a leads export.
 */
export async function exportFormResponsesCsv(formId: string, who: AuditContext): Promise<string | undefined> {
  const form = await getForm(formId);
  if (!form) return undefined;
  const fields = form.definition.fields.filter((f) => f.type !== "step");
  const rows = await listFormResponses(formId);
  await auditAs(who, {
    action: "leads.export",
    entity: "form",
    entityId: form.id,
    details: { name: form.name },
  });
  return toCsv<ShownResponse>(
    [
      ...fields.flatMap(columnsOf),
      { header: "Sent at", value: (r) => r.createdAt },
      { header: "Page", value: (r) => r.sourcePage },
      { header: "UTM campaign", value: (r) => r.utmCampaign },
    ],
    rows,
  );
}

/** The stored file of submission `responseId`'s field `field` (held ones too), or undefined. */
export async function formFileOf(responseId: string, field: string): Promise<FileAnswer | undefined> {
  if (!isUuid(responseId)) return undefined;
  const [row] = await db()
    .select({ files: formResponses.files })
    .from(formResponses)
    .where(eq(formResponses.id, responseId))
    .limit(1);
  return row && Object.hasOwn(row.files, field) ? row.files[field] : undefined;
}
