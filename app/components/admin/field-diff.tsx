// One field of two versions of a document side by side: text word by word (the maintained `diff` library, admin
// bundle only), other values as before → after. Used by the revision history and by an edit conflict.
import { diffWords } from "diff";
import { comparesWords, type RevisionField } from "~/lib/revision-fields";

/** `from` struck through, `to` highlighted. */
export function FieldDiff({ field, from, to }: { field: RevisionField; from: string; to: string }) {
  if (!comparesWords(field)) {
    return (
      <>
        <del className="bg-red-100 text-red-900">{from || "(empty)"}</del>
        {" → "}
        <ins className="bg-green-100 text-green-900">{to || "(empty)"}</ins>
      </>
    );
  }
  return (
    <>
      {diffWords(from, to).map((part, i) =>
        part.removed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff, never reordered
          <del key={i} className="bg-red-100 text-red-900">
            {part.value}
          </del>
        ) : part.added ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff, never reordered
          <ins key={i} className="bg-green-100 text-green-900">
            {part.value}
          </ins>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff, never reordered
          <span key={i}>{part.value}</span>
        ),
      )}
    </>
  );
}
