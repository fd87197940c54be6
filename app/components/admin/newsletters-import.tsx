// The Newsletters screen's "Import" tab: a subscriber list (CSV) with the consent statement the importer must
// tick, and the last import's progress (followed every second while it runs) and report: counts, then the
// skipped and invalid rows with their row number and reason.
import { Upload } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { FieldError, Input } from "~/components/ui/input";
import { useActionToast } from "~/components/ui/toaster";
import { formatStamp } from "~/lib/dates";
import type { ActionResult } from "~/lib/forms";
import type { ImportStatus } from "~/lib/newsletter-status";
import {
  IMPORT_CONSENT_STATEMENT,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_TOO_LARGE,
  type RowProblem,
} from "~/lib/subscriber-import";

export interface ImportView {
  id: string;
  status: ImportStatus;
  fileName: string;
  total: number;
  processed: number;
  imported: number;
  merged: number;
  skipped: RowProblem[];
  skippedCount: number;
  invalid: RowProblem[];
  invalidCount: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** While an import runs, the screen asks for its progress this often. */
const POLL_MS = 1000;

export function ImportPanel({ last }: { last: ImportView | null }) {
  const fetcher = useFetcher<ActionResult>({ key: "subscriber-import" });
  useActionToast(fetcher.data);
  // A file over the limit is refused here, before megabytes are sent only to be refused by the server too.
  const [tooLarge, setTooLarge] = useState(false);
  const sent = fetcher.data?.intent === "import" ? (fetcher.data.fieldErrors ?? {}) : {};
  const errors = tooLarge ? { file: IMPORT_TOO_LARGE } : sent;
  const busy = fetcher.state !== "idle";
  const checkSize = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem("file") as HTMLInputElement | null;
    const large = (input?.files?.[0]?.size ?? 0) > IMPORT_MAX_BYTES;
    setTooLarge(large);
    if (!large) return;
    event.preventDefault();
    input?.focus();
  };
  return (
    <div className="space-y-4">
      <section
        aria-labelledby="import-heading"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="import-heading" className="text-lg font-semibold text-slate-900">
          Import subscribers
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Add people who subscribed elsewhere. They are added as confirmed subscribers and receive the next
          newsletters. Addresses already here are kept as they are; people who unsubscribed, bounced or marked
          a newsletter as spam are never subscribed again.
        </p>
        <fetcher.Form
          method="post"
          encType="multipart/form-data"
          noValidate
          className="mt-4 space-y-4"
          onSubmit={checkSize}
        >
          <input type="hidden" name="intent" value="import" />
          <Field
            id="import-file"
            label="CSV file"
            error={errors.file}
            hint={`Columns: e-mail (required), name and sign-up date (YYYY-MM-DD), named in the first row, in any order. At most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS.toLocaleString("en")} rows.`}
          >
            {(aria) => (
              <Input
                {...aria}
                type="file"
                name="file"
                accept=".csv,text/csv,text/plain"
                className="h-auto py-2"
                onChange={() => setTooLarge(false)}
              />
            )}
          </Field>
          <div>
            <div className="flex items-start gap-2">
              <input
                id="import-consent"
                type="checkbox"
                name="consent"
                className="mt-0.5 size-4 shrink-0 accent-brand-700"
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={errors.consent ? "import-consent-error" : undefined}
              />
              <label htmlFor="import-consent" className="text-sm font-medium text-slate-900">
                {IMPORT_CONSENT_STATEMENT}
              </label>
            </div>
            <FieldError id="import-consent-error">{errors.consent}</FieldError>
          </div>
          <Button type="submit" disabled={busy}>
            <Upload aria-hidden />
            {busy ? "Uploading…" : "Import the list"}
          </Button>
        </fetcher.Form>
      </section>
      {last ? <ImportReport run={last} /> : null}
    </div>
  );
}

function useFollow(running: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);
}

function ImportReport({ run }: { run: ImportView }) {
  const running = run.status === "running";
  useFollow(running);
  const valid = run.total - run.invalidCount;
  const counts = [
    ["Imported", run.imported],
    ["Merged", run.merged],
    ["Skipped", run.skippedCount],
    ["Invalid", run.invalidCount],
  ] as const;
  return (
    <section
      aria-labelledby="import-report-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="import-report"
    >
      <h2 id="import-report-heading" className="text-lg font-semibold text-slate-900">
        Last import
      </h2>
      <p className="mt-1 break-words text-sm text-slate-600">
        {run.fileName}, {run.total.toLocaleString("en")} rows, started {formatStamp(run.createdAt)}
      </p>
      <div role="status" className="mt-3">
        {running ? (
          <>
            <p className="text-sm font-medium text-slate-900">
              Importing… {run.processed.toLocaleString("en")} of {valid.toLocaleString("en")} rows written
            </p>
            <progress
              className="mt-2 h-2 w-full"
              max={Math.max(valid, 1)}
              value={run.processed}
              aria-label="Import progress"
            />
          </>
        ) : run.status === "failed" ? (
          <p className="text-sm font-medium text-red-800">{run.error ?? "The import failed."}</p>
        ) : (
          <p className="text-sm font-medium text-slate-900">
            Import finished{run.finishedAt ? ` ${formatStamp(run.finishedAt)}` : ""}.
          </p>
        )}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="import-counts">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd
              className="text-xl font-semibold text-slate-900"
              data-testid={`import-${label.toLowerCase()}`}
            >
              {value.toLocaleString("en")}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-600">
        Merged: the address was already a subscriber (or twice in the file); its name is filled in if it had
        none.
      </p>
      <ProblemRows
        title="Skipped rows"
        id="import-skipped-rows"
        rows={run.skipped}
        count={run.skippedCount}
      />
      <ProblemRows
        title="Invalid rows"
        id="import-invalid-rows"
        rows={run.invalid}
        count={run.invalidCount}
      />
    </section>
  );
}

function ProblemRows({
  title,
  id,
  rows,
  count,
}: {
  title: string;
  id: string;
  rows: RowProblem[];
  count: number;
}) {
  if (!count) return null;
  return (
    <div className="mt-4">
      <h3 id={`${id}-heading`} className="text-sm font-semibold text-slate-900">
        {title} ({count.toLocaleString("en")})
      </h3>
      <div className="mt-2 overflow-x-auto">
        <table aria-labelledby={`${id}-heading`} className="w-full text-left text-sm" data-testid={id}>
          <thead>
            <tr className="border-b border-slate-200 text-xs text-slate-600">
              <th scope="col" className="py-1 pr-3 font-medium">
                Row
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                E-mail
              </th>
              <th scope="col" className="py-1 font-medium">
                Reason
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={`${r.row}-${r.email}`}>
                <td className="py-1 pr-3 tabular-nums">{r.row}</td>
                <td className="break-all py-1 pr-3">{r.email || "—"}</td>
                <td className="py-1">{r.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {count > rows.length ? (
        <p className="mt-1 text-xs text-slate-600">
          The first {rows.length.toLocaleString("en")} are listed; fix them in the file and import it again.
        </p>
      ) : null}
    </div>
  );
}
