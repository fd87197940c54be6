// /admin/contacts/spam: the inbox's Spam view. Submissions held as suspected spam (honeypot, time trap) are listed
// with the reason, the built forms' among them; "Not spam" stores one as the lead it was (counted, alerted and announced once), "Delete"
// removes it. Held rows are deleted by themselves after 30 days.
import { data } from "react-router";
import { requireCan } from "~/auth/permissions.server";
import { InboxHeader, SpamList } from "~/components/admin/spam-list";
import { logger } from "~/infra/logger.server";
import { adminTitle } from "~/lib/brand";
import { done, gone, refuse } from "~/lib/forms";
import { deleteHeldFormResponse, releaseHeldFormResponse } from "~/models/form-responses.server";
import {
  countHeldSubmissions,
  deleteHeldSubmission,
  listHeldSubmissions,
  restoreHeldSubmission,
} from "~/models/held-submissions.server";
import { inboxAction, isUuid } from "~/routes/support/lead-actions.server";
import type { Route } from "./+types/contacts-spam";

export function meta() {
  return [{ title: adminTitle("Spam") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "leads.view");
  const [rows, total] = await Promise.all([listHeldSubmissions(), countHeldSubmissions()]);
  return data({ rows, total }, { headers: { "Cache-Control": "private, no-store" } });
}

const SPAM_MESSAGES = {
  restored: "Moved to the inbox",
  restoreFailed: "Failed to move the submission to the inbox",
  invalid: "This submission does not pass the form's checks and cannot be moved to the inbox",
  deleted: "Submission deleted",
  deleteFailed: "Failed to delete the submission",
} as const;

export async function action(args: Route.ActionArgs) {
  const { form, intent, id, who } = await inboxAction(args);
  // A built form's held submission waits among its form's rows; the site's own forms' in held_submissions.
  const built = form.get("kind") === "form";
  if (intent === "not-spam") {
    try {
      const result = !isUuid(id)
        ? "gone"
        : built
          ? await releaseHeldFormResponse(id, who)
          : await restoreHeldSubmission(id, who);
      if (result === "gone") return gone(SPAM_MESSAGES.restoreFailed);
      if (result === "invalid") return refuse(SPAM_MESSAGES.invalid);
      return done(SPAM_MESSAGES.restored);
    } catch (error) {
      logger.error({ err: error }, "failed to restore held submission");
      return refuse(SPAM_MESSAGES.restoreFailed, {}, 500);
    }
  }
  if (intent === "delete") {
    try {
      const deleted = !isUuid(id)
        ? undefined
        : built
          ? await deleteHeldFormResponse(id, who)
          : await deleteHeldSubmission(id, who);
      if (!deleted) return gone(SPAM_MESSAGES.deleteFailed);
      return done(SPAM_MESSAGES.deleted);
    } catch (error) {
      logger.error({ err: error }, "failed to delete held submission");
      return refuse(SPAM_MESSAGES.deleteFailed, {}, 500);
    }
  }
  return refuse("Unknown action");
}

export default function ContactsSpam({ loaderData }: Route.ComponentProps) {
  const { rows, total } = loaderData;
  return (
    <div className="space-y-6">
      <InboxHeader
        title="Spam"
        description="Submissions caught by the bot traps: not counted, alerted, sent to webhooks or exported. Deleted after 30 days."
        spamCount={total}
      />
      <SpamList rows={rows} total={total} />
    </div>
  );
}
