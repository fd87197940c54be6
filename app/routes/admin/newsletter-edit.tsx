// /admin/newsletters/:id: compose one newsletter (subject, preheader, body in the block editor, audience), preview
// it at phone and desktop width, send a test to yourself, send now or schedule; while it goes out, its live
// progress with pause and resume; afterwards its results and clicks per link. Every save of the draft carries the
// version its form loaded: a save against a newer one is refused (409) and keeps what was typed.
import { data, redirect } from "react-router";
import { requireCan } from "~/auth/permissions.server";
import { NewsletterEditor } from "~/components/admin/newsletter-editor";
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { mailConfigured } from "~/infra/mail.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { parseBody } from "~/lib/blocks";
import { adminTitle } from "~/lib/brand";
import { toRichBlocks } from "~/lib/content";
import { CONFLICT_MESSAGES } from "~/lib/edit-conflict";
import { done, gone, invalid, parseForm, refuse } from "~/lib/forms";
import { newsletterSnapshot } from "~/lib/newsletter-conflict";
import { newsletterSchema, scheduleSchemaIn, testSendSchema } from "~/lib/newsletter-form";
import { toWallTime } from "~/lib/site-time";
import { StaleEditError, versionOf } from "~/models/edit-conflicts.server";
import {
  audienceSize,
  clicksPerLink,
  deleteNewsletter,
  getNewsletter,
  newsletterConflict,
  previewNewsletter,
  scheduleNewsletter,
  sendNow,
  sendProgress,
  sendTest,
  setPaused,
  signUpSources,
  updateNewsletter,
} from "~/models/newsletters-admin.server";
import { isUuid } from "~/routes/support/lead-actions.server";
import type { Route } from "./+types/newsletter-edit";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: adminTitle(loaderData?.newsletter.subject ?? "Newsletter") },
];

async function load(id: string) {
  const newsletter = isUuid(id) ? await getNewsletter(id) : undefined;
  if (!newsletter) throw data("Newsletter not found", { status: 404 });
  return newsletter;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireCan({ request, context }, "newsletters.manage");
  const newsletter = await load(params.id);
  const [preview, progress, clicks, sources, reach] = await Promise.all([
    previewNewsletter(newsletter),
    sendProgress([newsletter.id]),
    clicksPerLink(newsletter.id),
    signUpSources(),
    audienceSize(newsletter.audience),
  ]);
  const zone = env().siteTimeZone;
  return data(
    {
      newsletter: {
        id: newsletter.id,
        subject: newsletter.subject,
        preheader: newsletter.preheader,
        blocks: toRichBlocks(newsletter.body),
        status: newsletter.status,
        audience: newsletter.audience,
        scheduledAt: toWallTime(newsletter.scheduledAt, zone),
        startedAt: newsletter.startedAt?.toISOString() ?? null,
        finishedAt: newsletter.finishedAt?.toISOString() ?? null,
        fromPost: Boolean(newsletter.postId),
        // The version the compose form loaded, and its draft as the conflict notice compares it.
        version: versionOf(newsletter),
        loaded: newsletterSnapshot(newsletter),
      },
      preview,
      progress: progress.get(newsletter.id) ?? null,
      clicks,
      sources,
      reach,
      timeZone: zone,
      adminEmail: admin.email,
      mailConfigured: mailConfigured(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const MESSAGES = {
  saved: "Newsletter saved",
  locked: "This newsletter has started sending and can no longer be changed",
  gone: "This newsletter no longer exists",
  noMail: "Mail is not configured (SMTP_URL): nothing can be sent",
} as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "newsletters.manage");
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const newsletter = await load(params.id);
  try {
    if (intent === "pause" || intent === "resume") {
      const changed = await setPaused(newsletter.id, intent === "pause", who);
      if (!changed)
        return gone(intent === "pause" ? "This send is not going out" : "This send is not paused");
      return done(intent === "pause" ? "Sending paused" : "Sending resumed");
    }
    if (intent === "delete") {
      if (!(await deleteNewsletter(newsletter.id, who))) return refuse(MESSAGES.locked, {}, 409);
      return redirect("/admin/newsletters");
    }
    if (intent === "unschedule") {
      if (!(await scheduleNewsletter(newsletter.id, null, who))) return refuse(MESSAGES.locked, {}, 409);
      return done("Schedule cancelled: the newsletter is a draft again");
    }
    // Everything else saves the form first: a test, a send or a schedule always uses what is on the screen.
    const parsed = parseForm(newsletterSchema, form);
    if (!parsed.ok) {
      return invalid({
        intent,
        fieldErrors: parsed.fieldErrors,
        values: parsed.values,
        toast: { type: "error", message: "Please check the highlighted fields" },
      });
    }
    const { subject, preheader, body, sourcePage, signedUpFrom, signedUpTo } = parsed.data;
    const draft = {
      subject,
      preheader,
      body: parseBody(body),
      audience: { sourcePage, signedUpFrom, signedUpTo },
    };
    let version: string | false;
    try {
      version = await updateNewsletter(
        newsletter.id,
        draft,
        who,
        String(form.get("base") ?? "") || undefined,
      );
    } catch (error) {
      if (!(error instanceof StaleEditError)) throw error;
      const conflict = await newsletterConflict(newsletter.id, error);
      return refuse(CONFLICT_MESSAGES.refused, { intent, values: parsed.values, conflict }, 409);
    }
    if (!version) return refuse(MESSAGES.locked, { values: parsed.values }, 409);
    // Every answer from here on carries the version saved: the form's next base.
    if (intent === "save") return done(MESSAGES.saved, { intent, version });
    if (intent === "test") {
      const to = parseForm(testSendSchema, form);
      if (!to.ok) return invalid({ intent, fieldErrors: to.fieldErrors, values: parsed.values, version });
      if (!mailConfigured()) return refuse(MESSAGES.noMail, { values: parsed.values, version });
      const saved = await getNewsletter(newsletter.id);
      if (!saved) return gone(MESSAGES.gone);
      await sendTest(saved, to.data.to, who);
      return done(`Test on its way to ${to.data.to}`, { intent, version });
    }
    if (intent === "send") {
      if (!mailConfigured()) return refuse(MESSAGES.noMail, { values: parsed.values, version });
      if (!(await sendNow(newsletter.id, who))) return refuse(MESSAGES.locked, { version }, 409);
      return done("Sending started", { intent, version });
    }
    if (intent === "schedule") {
      const when = parseForm(scheduleSchemaIn(env().siteTimeZone), form);
      if (!when.ok) return invalid({ intent, fieldErrors: when.fieldErrors, values: parsed.values, version });
      if (!(await scheduleNewsletter(newsletter.id, when.data.scheduledAt, who)))
        return refuse(MESSAGES.locked, { version }, 409);
      return done("Newsletter scheduled", { intent, version });
    }
  } catch (error) {
    logger.error({ err: error, intent }, "newsletter action failed");
    return refuse("Something went wrong. Please try again.", {}, 500);
  }
  return refuse("Unknown action");
}

export default function NewsletterEdit({ loaderData }: Route.ComponentProps) {
  return <NewsletterEditor {...loaderData} />;
}
