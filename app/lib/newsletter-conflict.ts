// A newsletter as the edit-conflict notice compares it (app/components/admin/edit-conflict.tsx): the compose form's
// fields, the audience's three one by one, the body as blocks. The same shape from a stored newsletter and from
// what the form sends. Browser-safe.
import { parseBody } from "./blocks";
import type { RevisionField } from "./revision-fields";

export const NEWSLETTER_CONFLICT_FIELDS: readonly RevisionField[] = [
  { key: "subject", label: "Subject", shape: "text" },
  { key: "preheader", label: "Preheader", shape: "text" },
  { key: "body", label: "Body", shape: "blocks" },
  { key: "sourcePage", label: "Signed up on", shape: "text" },
  { key: "signedUpFrom", label: "Signed up from", shape: "text" },
  { key: "signedUpTo", label: "Signed up until", shape: "text" },
];

interface Audience {
  sourcePage?: string | null;
  signedUpFrom?: string | null;
  signedUpTo?: string | null;
}

/** A stored newsletter's draft. */
export function newsletterSnapshot(n: {
  subject: string;
  preheader: string;
  body: unknown;
  audience: Audience;
}): Record<string, unknown> {
  return {
    subject: n.subject,
    preheader: n.preheader,
    body: n.body,
    sourcePage: n.audience.sourcePage ?? "",
    signedUpFrom: n.audience.signedUpFrom ?? "",
    signedUpTo: n.audience.signedUpTo ?? "",
  };
}

/** What the compose form sends (its body as the block editor's JSON). */
export function newsletterSnapshotOfForm(
  values: Record<string, string | undefined>,
): Record<string, unknown> {
  return newsletterSnapshot({
    subject: values.subject ?? "",
    preheader: values.preheader ?? "",
    body: parseBody(values.body ?? ""),
    audience: values,
  });
}
