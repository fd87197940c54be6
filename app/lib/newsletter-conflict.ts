// A newsletter as the edit-conflict notice and its history compare it (app/components/admin/edit-conflict.tsx,
// revision-history.tsx; the labels are NEWSLETTER_FIELDS in app/lib/revision-fields.ts): the compose form's fields,
// the audience's three one by one, the body as blocks. The same shape from a stored newsletter, from a revision and
// from what the form sends. Browser-safe.
import { parseBody } from "./blocks";

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
