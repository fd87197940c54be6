// /admin/newsletters: the sends (drafts, scheduled, going out, sent) with their progress; "New newsletter" and
// "Send a blog post"; the suppression list (unsubscribed, bounced, complained) with "Lift" and "Unsubscribe an
// address" (for those who ask by mail); the newsletter's settings (confirmation of sign-ups, click and open
// tracking); and the import of a subscriber list (CSV) with its progress and report
// (docs/decisions/038-subscriber-import.md). Composing is /admin/newsletters/:id.
import { data, redirect } from "react-router";
import { requireCan } from "~/auth/permissions.server";
import { NewslettersScreen } from "~/components/admin/newsletters-screen";
import { logger } from "~/infra/logger.server";
import { mailConfigured } from "~/infra/mail.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { adminTitle } from "~/lib/brand";
import { done, gone, invalid, parseForm, refuse } from "~/lib/forms";
import { handUnsubscribeSchema } from "~/lib/newsletter-form";
import { NEWSLETTER_SETTING_KEYS, type NewsletterSettings } from "~/lib/newsletter-settings";
import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE } from "~/lib/subscriber-import";
import { keepDataOnTabChange } from "~/lib/url-tab";
import type { AuditContext } from "~/models/audit.server";
import {
  liftSuppression,
  listSuppressed,
  readNewsletterSettings,
  saveNewsletterSettings,
  unsubscribeByHand,
} from "~/models/newsletter-subscribers.server";
import {
  createNewsletter,
  listNewsletters,
  newsletterFromPost,
  postsToSend,
  sendProgress,
} from "~/models/newsletters-admin.server";
import { latestImport, startImport } from "~/models/subscriber-import.server";
import { isUuid } from "~/routes/support/lead-actions.server";
import type { Route } from "./+types/newsletters";

export function meta() {
  return [{ title: adminTitle("Newsletters") }];
}

export const shouldRevalidate = keepDataOnTabChange;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "newsletters.manage");
  const [list, suppressed, settings, posts, lastImport] = await Promise.all([
    listNewsletters(),
    listSuppressed(),
    readNewsletterSettings(),
    postsToSend(),
    latestImport(),
  ]);
  const progress = await sendProgress(list.map((n) => n.id));
  return data(
    {
      newsletters: list.map((n) => ({
        id: n.id,
        subject: n.subject,
        status: n.status,
        scheduledAt: n.scheduledAt?.toISOString() ?? null,
        startedAt: n.startedAt?.toISOString() ?? null,
        createdAt: n.createdAt.toISOString(),
        progress: progress.get(n.id) ?? null,
      })),
      suppressed: suppressed.map((s) => ({ ...s, changedAt: s.changedAt.toISOString() })),
      settings,
      posts,
      lastImport: lastImport && {
        ...lastImport,
        createdAt: lastImport.createdAt.toISOString(),
        finishedAt: lastImport.finishedAt?.toISOString() ?? null,
      },
      mailConfigured: mailConfigured(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** A subscriber list: the file (413 when too large), the consent statement ticked, then the model checks the rows. */
async function importAction(form: FormData, who: AuditContext) {
  const file = form.get("file");
  const consent = form.get("consent") === "on";
  const fieldErrors: Record<string, string> = {};
  if (!(file instanceof File) || file.size === 0) fieldErrors.file = "Choose a CSV file to import";
  else if (file.size > IMPORT_MAX_BYTES)
    return refuse(IMPORT_TOO_LARGE, { intent: "import", fieldErrors: { file: IMPORT_TOO_LARGE } }, 413);
  if (!consent) {
    fieldErrors.consent =
      "Tick the statement: only people who agreed to receive the newsletter may be imported";
  }
  if (fieldErrors.file || fieldErrors.consent || !(file instanceof File)) {
    return refuse(fieldErrors.consent ?? fieldErrors.file ?? "Choose a CSV file to import", {
      intent: "import",
      fieldErrors,
    });
  }
  const started = await startImport({ name: file.name, text: await file.text() }, who);
  if (!started.ok)
    return refuse(started.message, { intent: "import", fieldErrors: { file: started.message } });
  return done("Import started: the list is being written", { intent: "import" });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "newsletters.manage");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  try {
    if (intent === "create") {
      const row = await createNewsletter(
        { subject: "Untitled newsletter", preheader: "", body: [], audience: {} },
        who,
      );
      return redirect(`/admin/newsletters/${row.id}`);
    }
    if (intent === "from-post") {
      const postId = String(form.get("postId") ?? "");
      const row = isUuid(postId) ? await newsletterFromPost(postId, who) : null;
      if (!row) return gone("That blog post no longer exists");
      return redirect(`/admin/newsletters/${row.id}`);
    }
    if (intent === "lift") {
      const id = String(form.get("id") ?? "");
      const lifted = isUuid(id) && (await liftSuppression(id, who));
      if (!lifted) return gone("That address is no longer suppressed");
      return done("Suppression lifted: the address will receive the next newsletters");
    }
    if (intent === "import") return await importAction(form, who);
    if (intent === "unsubscribe") {
      const parsed = parseForm(handUnsubscribeSchema, form);
      if (!parsed.ok) return invalid({ intent, fieldErrors: parsed.fieldErrors, values: parsed.values });
      const { email } = parsed.data;
      const result = await unsubscribeByHand(email, who);
      if (result === "unknown")
        return refuse(`${email} is not a subscriber`, { intent, values: parsed.values }, 404);
      if (result === "already") return done(`${email} was already receiving no newsletters`, { intent });
      return done(`${email} is unsubscribed`, { intent });
    }
    if (intent === "settings") {
      const values = Object.fromEntries(
        NEWSLETTER_SETTING_KEYS.map((key) => [key, form.get(key) === "on" || form.get(key) === "true"]),
      ) as NewsletterSettings;
      await saveNewsletterSettings(values, who);
      return done("Newsletter settings saved");
    }
  } catch (error) {
    logger.error({ err: error, intent }, "newsletters action failed");
    return refuse("Something went wrong. Please try again.", {}, 500);
  }
  return refuse("Unknown action");
}

export default function Newsletters({ loaderData }: Route.ComponentProps) {
  return <NewslettersScreen {...loaderData} />;
}
