// A form's own list of what it collected, newest first, for members who work leads: one column per field that
// collects an answer (in the form's order), when, and the page and campaign it came from; and the CSV export.

import { FileLink } from "~/components/admin/form-answers";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card } from "~/components/ui/card";
import { DataTable } from "~/components/ui/data-table";
import { formatDateTime } from "~/lib/dates";
import type { FormField } from "~/lib/form-builder/definition";
import type { ShownFile } from "~/lib/form-builder/files";
import { answerText } from "~/lib/form-builder/submission";

export interface FormSubmissionRow {
  id: string;
  createdAt: string;
  values: Record<string, string | string[]>;
  /** Its stored files (name and size), by field name. */
  files: Record<string, ShownFile>;
  sourcePage: string | null;
  utmCampaign: string | null;
}

export function FormSubmissions({
  formId,
  fields,
  rows,
  total,
  canExport,
}: {
  formId: string;
  fields: FormField[];
  rows: FormSubmissionRow[];
  total: number;
  canExport: boolean;
}) {
  const columns = fields.filter((f) => f.type !== "step");
  return (
    <Card className="mt-6 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">
          Submissions <span className="font-normal text-slate-700">({total})</span>
        </h2>
        {canExport && total > 0 ? (
          <a
            href={`/admin/forms/${formId}/export`}
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            Export CSV
          </a>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          No submissions yet. They show here as visitors send the form.
        </p>
      ) : (
        <DataTable
          label="Submissions"
          className="mt-3 overflow-x-auto"
          columns={[
            { key: "sent", label: "Sent" },
            ...columns.map((field) => ({ key: field.name, label: field.label || field.name })),
            { key: "page", label: "Page" },
            { key: "campaign", label: "Campaign" },
          ]}
          dense
          after={
            total > rows.length ? (
              <p className="mt-2 text-xs text-slate-600">
                The newest {rows.length} of {total}; the export has them all.
              </p>
            ) : null
          }
        >
          {rows.map((row) => (
            <tr
              key={row.id}
              className="border-b border-slate-100 align-top last:border-0"
              data-testid="form-submission"
            >
              <td className="whitespace-nowrap px-3 py-2 text-slate-700">
                <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
              </td>
              {columns.map((field) => (
                <td key={field.name} className="max-w-64 break-words px-3 py-2 text-slate-900">
                  {field.type === "file" && Object.hasOwn(row.files, field.name) ? (
                    <FileLink
                      responseId={row.id}
                      field={field.name}
                      file={row.files[field.name] as ShownFile}
                    />
                  ) : (
                    answerText(row.values[field.name])
                  )}
                </td>
              ))}
              <td className="px-3 py-2 font-mono text-xs text-slate-800">{row.sourcePage ?? ""}</td>
              <td className="px-3 py-2 text-slate-800">{row.utmCampaign ?? ""}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}
