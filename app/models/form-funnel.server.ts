// A built form's funnel without cookies or identifiers: the running form reports that it was shown (a view) and
// first touched (a start) on a page (of this site, or of another that embeds it); each is one more in that form's,
// day's and page's counter. Submissions are the
// stored (not held) rows of form_responses. The form's screen shows the last 30 days by page.
import { and, eq, gte, isNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { formFunnelDays, formResponses, forms } from "~/db/schema";
import { embeddingPage, embedPath } from "~/lib/form-builder/embedding";
import { safeText } from "~/lib/safe-text";
import { isUuid } from "~/lib/uuid";

export const FUNNEL_EVENTS = ["view", "start"] as const;
export type FunnelEvent = (typeof FUNNEL_EVENTS)[number];

/** Days the form's screen shows. */
export const FUNNEL_DAYS = 30;

/**
 * A page as the funnel keys it: the path alone (no query or fragment), or for a form embedded on another site that
 * page's origin and path; "/" when it is neither.
 */
export function funnelPage(page: string | null | undefined): string {
  const path = (page ?? "").split(/[?#]/)[0] ?? "";
  if (path.startsWith("/") && !path.startsWith("//")) return safeText(path, 300);
  if (!/^https?:\/\//i.test(path)) return "/";
  try {
    const url = new URL(path);
    return safeText(url.origin + url.pathname, 300);
  } catch {
    return "/";
  }
}

/**
 * Counts one view or start of form `formId` on `page`; false when no such form takes submissions on the site. A
 * page on another site counts under its address only when the form lists that site, else under the embed page.
 */
export async function countFunnelEvent(formId: string, event: FunnelEvent, page: string): Promise<boolean> {
  if (!isUuid(formId)) return false;
  const [form] = await db()
    .select({ status: forms.status, allowedOrigins: forms.allowedOrigins })
    .from(forms)
    .where(eq(forms.id, formId));
  if (!form || form.status === "draft") return false;
  const shownOn = page.startsWith("/")
    ? page
    : (embeddingPage(page, form.allowedOrigins) ?? embedPath(formId));
  const day = new Date().toISOString().slice(0, 10);
  const one = event === "view" ? { views: 1 } : { starts: 1 };
  await db()
    .insert(formFunnelDays)
    .values({ formId, day, page: funnelPage(shownOn), ...one })
    .onConflictDoUpdate({
      target: [formFunnelDays.formId, formFunnelDays.day, formFunnelDays.page],
      set:
        event === "view"
          ? { views: sql`${formFunnelDays.views} + 1` }
          : { starts: sql`${formFunnelDays.starts} + 1` },
    });
  return true;
}

/** A submission's page path, without query or fragment (funnelPage still decides what is not a path). */
const SOURCE_PATH = sql<string | null>`split_part(split_part(${formResponses.sourcePage}, '?', 1), '#', 1)`;

export interface FunnelRow {
  page: string;
  views: number;
  starts: number;
  submissions: number;
}

/** The last FUNNEL_DAYS UTC days of a form's funnel: in total and by page (most viewed first). */
export async function formFunnel(
  formId: string,
  now = new Date(),
): Promise<{ total: FunnelRow; pages: FunnelRow[] }> {
  const since = new Date(now.getTime() - (FUNNEL_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const [counted, submitted] = await Promise.all([
    db()
      .select({
        page: formFunnelDays.page,
        views: sql<number>`sum(${formFunnelDays.views})`.mapWith(Number),
        starts: sql<number>`sum(${formFunnelDays.starts})`.mapWith(Number),
      })
      .from(formFunnelDays)
      .where(and(eq(formFunnelDays.formId, formId), gte(formFunnelDays.day, since)))
      .groupBy(formFunnelDays.page),
    // Grouped by the path they were sent from (query and fragment left out), as funnelPage keys it.
    db()
      .select({ page: SOURCE_PATH, n: sql<number>`count(*)`.mapWith(Number) })
      .from(formResponses)
      .where(
        and(
          eq(formResponses.formId, formId),
          isNull(formResponses.heldReason),
          gte(formResponses.createdAt, new Date(`${since}T00:00:00Z`)),
        ),
      )
      .groupBy(SOURCE_PATH),
  ]);
  const pages = new Map<string, FunnelRow>();
  const row = (page: string) => {
    const found = pages.get(page) ?? { page, views: 0, starts: 0, submissions: 0 };
    pages.set(page, found);
    return found;
  };
  for (const c of counted) Object.assign(row(c.page), { views: c.views, starts: c.starts });
  for (const s of submitted) row(funnelPage(s.page)).submissions += s.n;
  const list = [...pages.values()].sort((a, b) => b.views - a.views || b.submissions - a.submissions);
  const total = list.reduce(
    (sum, r) => ({
      page: "",
      views: sum.views + r.views,
      starts: sum.starts + r.starts,
      submissions: sum.submissions + r.submissions,
    }),
    { page: "", views: 0, starts: 0, submissions: 0 },
  );
  return { total, pages: list };
}
