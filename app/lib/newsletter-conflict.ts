// A newsletter as the edit-conflict notice and its history compare it (app/components/admin/edit-conflict.tsx,
// revision-history.tsx; the labels are NEWSLETTER_FIELDS in app/lib/revision-fields.ts): the compose form's fields,
// the audience's three one by one, the body as blocks. The same shape from a stored newsletter, from a revision and
// from what the form sends. Browser-safe.
import { parseBody } from "./blocks";
import { snapshotText, snapshotTextOrNull } from "./revision-fields";

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

/** The draft a snapshot holds (a revision brought back): newsletterSnapshot read the other way. */
export function newsletterOfSnapshot(snapshot: Record<string, unknown>) {
  return {
    subject: snapshotText(snapshot.subject),
    preheader: snapshotText(snapshot.preheader),
    body: Array.isArray(snapshot.body) ? (snapshot.body as unknown[]) : [],
    audience: {
      sourcePage: snapshotTextOrNull(snapshot.sourcePage),
      signedUpFrom: snapshotTextOrNull(snapshot.signedUpFrom),
      signedUpTo: snapshotTextOrNull(snapshot.signedUpTo),
    },
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
