// Editing a redirect (docs/product.md, Redirects): its path, target and type, by the rules of an added one
// (redirects.server.ts: chains collapse through it, duplicates and loops are refused, under the same lock), and
// against the version its edit form loaded (versioned-edits.server.ts).
import { and, eq, ne } from "drizzle-orm";
import { db } from "~/db/client.server";
import { notFoundPaths, redirects } from "~/db/schema";
import { isUniqueViolation } from "~/db/sql-helpers.server";
import { contentChanged } from "~/infra/content-version.server";
import type { EditVersion } from "~/lib/edit-conflict";
import { pathKey } from "~/lib/redirect-paths";
import { REDIRECT_MESSAGES, type RedirectInput } from "~/lib/redirect-schema";
import { safeText } from "~/lib/safe-text";
import { type AuditContext, memberOf } from "~/models/audit.server";
import {
  auditRedirect,
  chainEnd,
  lockRedirects,
  type Redirect,
  RedirectRefused,
  retargetEarlier,
} from "~/models/redirects.server";
import { type EditOutcome, refusalFor } from "~/models/versioned-edits.server";

export type UpdateRedirectResult =
  | EditOutcome<Redirect>
  | { status: "refused"; field: "fromPath" | "toUrl"; message: string };

/**
 * Saves a redirect's path, target and type by the rules of an added one (chains collapse through it, a duplicate or
 * a loop is refused for the form). With `base`, the version the edit form loaded, a redirect changed since (by an
 * edit, or by a chain that now ends elsewhere) is not written over: the outcome is the conflict.
 */
export async function updateRedirect(
  id: string,
  input: RedirectInput,
  who: AuditContext,
  { base }: { base?: EditVersion } = {},
): Promise<UpdateRedirectResult> {
  try {
    const outcome = await db().transaction(async (tx): Promise<EditOutcome<Redirect>> => {
      await lockRedirects(tx);
      const [before] = await tx.select().from(redirects).where(eq(redirects.id, id)).for("update");
      const refused = refusalFor(before, base);
      if (refused || !before) return refused ?? { status: "gone" };
      const fromPath = safeText(input.fromPath);
      const fromKey = pathKey(fromPath);
      const target = await chainEnd(tx, fromKey, input.toUrl, id);
      const [taken] = await tx
        .select()
        .from(redirects)
        .where(and(eq(redirects.fromKey, fromKey), ne(redirects.id, id)));
      if (taken) throw new RedirectRefused("fromPath", REDIRECT_MESSAGES.duplicate(taken.fromPath));
      await retargetEarlier(tx, fromKey, target.toUrl, who, id);
      const [row] = await tx
        .update(redirects)
        .set({
          fromPath,
          fromKey,
          ...target,
          statusCode: input.statusCode,
          updatedAt: new Date(),
          updatedBy: memberOf(who),
        })
        .where(eq(redirects.id, id))
        .returning();
      if (!row) return { status: "gone" };
      await tx.delete(notFoundPaths).where(eq(notFoundPaths.path, fromKey));
      const was = { fromBefore: before.fromPath, toBefore: before.toUrl, statusBefore: before.statusCode };
      await auditRedirect(tx, who, "redirect.update", row, was);
      return { status: "saved", row, before };
    });
    if (outcome.status === "saved") await contentChanged();
    return outcome;
  } catch (error) {
    if (error instanceof RedirectRefused)
      return { status: "refused", field: error.field, message: error.message };
    if (isUniqueViolation(error)) {
      return { status: "refused", field: "fromPath", message: REDIRECT_MESSAGES.duplicate(input.fromPath) };
    }
    throw error;
  }
}
