// /admin/forms/:id ("new" for a new form): the form editor. Saves the whole form (name, when it takes submissions,
// fields, success, who hears of submissions, the other sites that may embed it) in one action, checked on the server
// (app/infra/form-input.server.ts). A save carries the version the editor loaded; one over a newer save is refused
// with that save's author and content (409).
import { data, redirect } from "react-router";
import { requireCan } from "~/auth/permissions.server";
import { can } from "~/auth/roles";
import { FormEditor } from "~/components/admin/form-editor";
import { env } from "~/env.server";
import { flashCookie } from "~/infra/flash.server";
import { parseFormInput } from "~/infra/form-input.server";
import { mailConfigured } from "~/infra/mail.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { adminTitle } from "~/lib/brand";
import { CONFLICT_MESSAGES } from "~/lib/edit-conflict";
import { done, gone, refuse } from "~/lib/forms";
import { snapshotOf } from "~/lib/revision-fields";
import { publicCaptcha } from "~/models/captcha-settings.server";
import { conflictWith } from "~/models/edit-conflicts.server";
import { FUNNEL_DAYS, formFunnel } from "~/models/form-funnel.server";
import { listFormResponses } from "~/models/form-response-reads.server";
import { countedResponses, countFormResponses, deleteForm, getForm, saveForm } from "~/models/forms.server";
import { listMembers } from "~/models/member-directory.server";
import { mayEmbedForms, ROUTING_CAPABILITY } from "~/routes/support/form-lead-settings.server";
import type { Route } from "./+types/form-edit";

const FORM_EDIT_MESSAGES = {
  created: "Form created",
  saved: "Form saved",
  deleted: "Form deleted",
  invalid: "Please check the highlighted fields",
  gone: "This form was deleted meanwhile.",
  hasSubmissions:
    "This form has submissions, which are leads: ask an administrator or a sales member to delete it, or close it instead.",
} as const;

/** How many submissions the form's own list shows (the export has them all). */
const SHOWN_SUBMISSIONS = 50;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireCan({ request, context }, "forms.manage");
  const row = params.id === "new" ? undefined : await getForm(params.id);
  if (params.id !== "new" && !row) throw data("Form not found", { status: 404 });
  return data(
    {
      form: row
        ? {
            id: row.id,
            name: row.name,
            status: row.status,
            opensAt: row.opensAt?.toISOString() ?? "",
            closesAt: row.closesAt?.toISOString() ?? "",
            maxSubmissions: row.maxSubmissions,
            closedMessage: row.closedMessage,
            routing: row.routing,
            retentionDays: row.retentionDays,
            blockedDomains: row.blockedDomains,
            captcha: row.captcha,
            allowedOrigins: row.allowedOrigins,
            definition: row.definition,
            updatedAt: row.updatedAt.toISOString(),
          }
        : null,
      loaded: row ? snapshotOf(row) : null,
      submissions: row ? await countFormResponses(row.id) : 0,
      // Who hears of submissions is set by those who manage the site's lead notifications; the others see it only.
      mayRoute: can(admin.role, ROUTING_CAPABILITY),
      members: can(admin.role, ROUTING_CAPABILITY) ? await listMembers("leads.assignee") : [],
      mayEmbed: mayEmbedForms(admin.role),
      // The snippet names the site's public address.
      siteUrl: env().baseUrl,
      mailReady: mailConfigured(),
      // "Ask for a captcha" is offered once a provider's keys are saved (Integrations → Captcha).
      captchaProvider: (await publicCaptcha())?.provider ?? null,
      // What the form collected is leads: shown to the members who may see leads (not to an editor).
      responses:
        row && can(admin.role, "leads.view")
          ? {
              total: await countedResponses(row.id),
              canExport: can(admin.role, "leads.export"),
              rows: (await listFormResponses(row.id, SHOWN_SUBMISSIONS)).map((r) => ({
                ...r,
                createdAt: r.createdAt.toISOString(),
              })),
            }
          : null,
      // Views, starts and submissions are the site's analytics: for the members who see them.
      funnel: row && can(admin.role, "analytics.view") ? await formFunnel(row.id) : null,
      funnelDays: FUNNEL_DAYS,
      timeZone: env().siteTimeZone,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function meta({ loaderData: loaded }: Route.MetaArgs) {
  const title = loaded?.form ? `Edit ${loaded.form.name}` : "New form";
  return [{ title: adminTitle(title) }, { name: "robots", content: "noindex, nofollow" }];
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "forms.manage");
  const who = auditContext(admin.email, request, requestInfo(context).ip);
  const body = await request.formData();
  const intent = String(body.get("intent") ?? "save");
  const id = params.id === "new" ? null : params.id;

  if (intent === "delete") {
    // Its submissions are leads: a member who may not delete leads may delete a form only while it has none.
    const deleted = id ? await deleteForm(id, who, { keepLeads: !can(admin.role, "leads.work") }) : undefined;
    if (!deleted) return gone(FORM_EDIT_MESSAGES.gone, { intent });
    if (deleted === "has-submissions") return refuse(FORM_EDIT_MESSAGES.hasSubmissions, { intent }, 403);
    throw redirect("/admin/forms", {
      headers: { "Set-Cookie": await flashCookie({ type: "success", message: FORM_EDIT_MESSAGES.deleted }) },
    });
  }

  let raw: unknown;
  try {
    raw = JSON.parse(String(body.get("form") ?? ""));
  } catch {
    return refuse(FORM_EDIT_MESSAGES.invalid, {
      intent,
      fieldErrors: { form: "The form could not be read." },
    });
  }
  const parsed = parseFormInput(raw);
  if (!parsed.ok) return refuse(FORM_EDIT_MESSAGES.invalid, { intent, fieldErrors: parsed.fieldErrors });
  const base = body.get("base");
  const saved = await saveForm(id, parsed.form, who, {
    base: typeof base === "string" && base ? base : undefined,
    keepLeadSettings: !can(admin.role, ROUTING_CAPABILITY),
    keepEmbedOrigins: !mayEmbedForms(admin.role),
  });
  if (!saved.ok) {
    if (saved.reason === "gone") return gone(FORM_EDIT_MESSAGES.gone, { intent });
    const conflict = await conflictWith(saved.current);
    return refuse(CONFLICT_MESSAGES.refused, { intent, conflict }, 409);
  }
  if (!id) {
    throw redirect(`/admin/forms/${saved.form.id}`, {
      headers: { "Set-Cookie": await flashCookie({ type: "success", message: FORM_EDIT_MESSAGES.created }) },
    });
  }
  return done(FORM_EDIT_MESSAGES.saved, { intent });
}

export default function FormEditRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <FormEditor key={loaderData.form?.id ?? "new"} {...loaderData} result={actionData} />;
}
