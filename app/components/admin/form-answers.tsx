// A built form's submission as a list of answers (label, answer), in the form's order: the inbox row shows the
// first few, the person view all.
export interface Answer {
  name: string;
  label: string;
  text: string;
}

export function FormAnswers({ answers, className = "" }: { answers: readonly Answer[]; className?: string }) {
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
          <dd className="whitespace-pre-line break-words text-slate-800">{answer.text}</dd>
        </div>
      ))}
    </dl>
  );
}
