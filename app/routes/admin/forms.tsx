// /admin/forms: the site's own forms (built-in: the contact form, the contact and demo dialog, the newsletter sign-up,
// whose texts only are edited, at /admin/forms/built-in/:key) and the forms the team built, with what each has
// collected (submissions, the last one) and whether it takes submissions now. Building one is /admin/forms/:id
// (form-edit.tsx); the rules are in app/models/forms.server.ts and app/models/builtin-forms.server.ts.
import { Plus } from "lucide-react";
import { data, Link } from "react-router";
import { requireCan } from "~/auth/permissions.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { StatusBadge } from "~/components/admin/status-badge";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card } from "~/components/ui/card";
import { type Column, DataTable } from "~/components/ui/data-table";
import { logger } from "~/infra/logger.server";
import { adminTitle } from "~/lib/brand";
import { formatDateTime } from "~/lib/dates";
import { takesSubmissions } from "~/lib/form-builder/availability";
import { listBuiltinForms } from "~/models/builtin-forms.server";
import { listForms } from "~/models/forms.server";
import type { Route } from "./+types/forms";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "forms.manage");
  try {
    const now = new Date();
    const builtIn = (await listBuiltinForms()).map((row) => ({
      key: row.key,
      name: row.name,
      changedTexts: row.changedTexts,
      submissions: row.submissions,
      lastSubmissionAt: row.lastSubmissionAt?.toISOString() ?? null,
      updatedAt: row.updatedAt?.toISOString() ?? null,
    }));
    const forms = (await listForms()).map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      // Open, but not taking submissions now: before its opening or after its closing date, or full.
      waiting: row.status === "open" && !takesSubmissions(row, row.submissions, now),
      submissions: row.submissions,
      lastSubmissionAt: row.lastSubmissionAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    }));
    return data({ builtIn, forms, loadFailed: false }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    logger.error({ err: error }, "Failed to load forms");
    return data({ builtIn: [], forms: [], loadFailed: true });
  }
}

export function meta() {
  return [{ title: adminTitle("Forms") }, { name: "robots", content: "noindex, nofollow" }];
}

const FORM_COLUMNS: readonly Column[] = [
  { key: "form", label: "Form" },
  { key: "status", label: "Status" },
  { key: "submissions", label: "Submissions", numeric: true },
  { key: "last", label: "Last submission" },
  { key: "changed", label: "Last change" },
];

/** A form's submissions cells: how many, and when the last one came. */
function Collected({ submissions, last }: { submissions: number; last: string | null }) {
  return (
    <>
      <td className="px-4 py-3 text-right tabular-nums text-slate-800">{submissions}</td>
      <td className="px-4 py-3 text-slate-700">
        {last ? <time dateTime={last}>{formatDateTime(last)}</time> : "None yet"}
      </td>
    </>
  );
}

export default function FormsScreen({ loaderData }: Route.ComponentProps) {
  const { builtIn, forms, loadFailed } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Forms"
        description="Forms you build here go on any page with the Form block; what they collect arrives with the other leads. The site's own forms come first: you change their texts."
        actions={
          <Link to="/admin/forms/new" className={buttonVariants()}>
            <Plus aria-hidden /> New form
          </Link>
        }
      />
      <Card>
        {loadFailed ? (
          <p role="alert" className="p-6 text-sm text-red-800">
            The forms could not be loaded. Reload the page to try again.
          </p>
        ) : (
          <DataTable
            label="Forms"
            className="overflow-x-auto"
            columns={FORM_COLUMNS}
            after={
              forms.length === 0 ? (
                <p className="p-6 text-sm text-slate-700">
                  No forms of your own yet. Create the first one with New form: a webinar registration, a
                  whitepaper download or the questions sales wants answered.
                </p>
              ) : null
            }
          >
            {builtIn.map((form) => (
              <tr
                key={form.key}
                className="border-b border-slate-100 bg-slate-50/60"
                data-testid="builtin-form-row"
              >
                <td className="px-4 py-3">
                  <Link
                    to={`/admin/forms/built-in/${form.key}`}
                    className="font-semibold text-brand-700 underline-offset-4 hover:underline"
                  >
                    {form.name}
                  </Link>
                  <span className="mt-1 block text-xs text-slate-700">
                    {form.changedTexts === 0
                      ? "Default texts"
                      : `${form.changedTexts} ${form.changedTexts === 1 ? "text" : "texts"} changed`}
                  </span>
                </td>
                <td className="px-4 py-3">
                  <Badge variant="neutral" className="whitespace-nowrap">
                    Built-in
                  </Badge>
                </td>
                <Collected submissions={form.submissions} last={form.lastSubmissionAt} />
                <td className="px-4 py-3 text-slate-700">
                  {form.updatedAt ? (
                    <time dateTime={form.updatedAt}>{formatDateTime(form.updatedAt)}</time>
                  ) : (
                    "Never"
                  )}
                </td>
              </tr>
            ))}
            {forms.map((form) => (
              <tr key={form.id} className="border-b border-slate-100 last:border-0" data-testid="form-row">
                <td className="px-4 py-3">
                  <Link
                    to={`/admin/forms/${form.id}`}
                    className="font-semibold text-brand-700 underline-offset-4 hover:underline"
                  >
                    {form.name}
                  </Link>
                </td>
                <td className="px-4 py-3">
                  <StatusBadge status={form.status} />
                  {form.waiting ? (
                    <span className="mt-1 block text-xs text-slate-700">Not taking submissions now</span>
                  ) : null}
                </td>
                <Collected submissions={form.submissions} last={form.lastSubmissionAt} />
                <td className="px-4 py-3 text-slate-700">
                  <time dateTime={form.updatedAt}>{formatDateTime(form.updatedAt)}</time>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
    </>
  );
}
