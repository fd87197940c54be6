// A built form's submission as a list of answers (label, answer), in the form's order: the inbox row shows the
// first few, the person view all. A file answer is its name and size, a link that downloads it (the route checks
// that the member may see leads).
import { Download } from "lucide-react";
import { fileAnswerText, formFileHref, type ShownFile } from "~/lib/form-builder/files";

export interface Answer {
  name: string;
  label: string;
  text: string;
  file?: ShownFile;
}

/** A submission's file as a download link: "cv.pdf (120 KB)". */
export function FileLink({
  responseId,
  field,
  file,
}: {
  responseId: string;
  field: string;
  file: ShownFile;
}) {
  return (
    <a
      href={formFileHref(responseId, field)}
      download={file.name}
      className="font-medium text-brand-700 underline"
    >
      <Download className="mr-1 inline size-3.5 align-[-2px]" aria-hidden />
      {fileAnswerText(file)}
    </a>
  );
}

export function FormAnswers({
  answers,
  responseId,
  className = "",
}: {
  answers: readonly Answer[];
  /** The submission's id: its files become download links. */
  responseId?: string;
  className?: string;
}) {
  if (!answers.length) return null;
  return (
    <dl
      className={`grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr] ${className}`}
      data-testid="form-answers"
    >
      {answers.map((answer) => (
        // A div around each pair is valid in a dl and keeps the pair together in the grid.
        <div key={answer.name} className="contents">
          <dt className="text-slate-600">{answer.label}</dt>
          <dd className="whitespace-pre-line break-words text-slate-800">
            {answer.file && responseId ? (
              <FileLink responseId={responseId} field={answer.name} file={answer.file} />
            ) : (
              answer.text
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
