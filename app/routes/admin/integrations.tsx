// /admin/integrations: "Lead notifications" (alert mails and the auto-reply), "Webhooks" (endpoints, edited against
// the version their form loaded, their secrets, delivery log, resend and test events) and "Captcha" (the provider
// and keys built forms may ask visitors to complete; the secret key is never sent back). Deliveries themselves run
// in the outbox worker.
import { useEffect } from "react";
import { data } from "react-router";
import { z } from "zod";
import { requireCan } from "~/auth/permissions.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { CaptchaSettingsForm } from "~/components/admin/captcha-settings-form";
import { LeadNotificationsForm } from "~/components/admin/lead-notifications-form";
import { useUrlTab } from "~/components/admin/use-url-tab";
import { WebhookEndpoints } from "~/components/admin/webhook-endpoints";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { toast } from "~/components/ui/toaster";
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { mailConfigured } from "~/infra/mail.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { UnsafeUrlError } from "~/infra/webhook-http.server";
import { adminTitle } from "~/lib/brand";
import { CAPTCHA_FIELDS, captchaSettingsSchema, SECRET_NEEDED } from "~/lib/captcha-settings-form";
import { EDIT_SUBJECTS } from "~/lib/edit-subjects";
import { done, fieldErrorsOf, gone, invalid, parseForm, refuse } from "~/lib/forms";
import {
  type LeadNotificationSettings,
  notificationSettingsSchema,
  roundRobinMembersOf,
  WEBHOOK_EVENTS,
  webhookEndpointSchema,
} from "~/lib/notification-settings";
import { keepDataOnTabChange } from "~/lib/url-tab";
import { getCaptchaSettings, saveCaptchaSettings } from "~/models/captcha-settings.server";
import { getNotificationSettings, saveNotificationSettings } from "~/models/lead-notifications.server";
import { listMembers } from "~/models/member-directory.server";
import { listDeliveries, resendDelivery } from "~/models/outbox.server";
import {
  createEndpoint,
  deleteEndpoint,
  listEndpoints,
  rotateEndpointSecret,
  sendTestEvent,
  setEndpointActive,
  updateEndpoint,
} from "~/models/webhooks.server";
import { refusedEdit } from "~/routes/support/edit-refusal.server";
import type { Route } from "./+types/integrations";

const noStore = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "integrations.manage");
  const mailOn = mailConfigured();
  const timeZone = env().siteTimeZone;
  try {
    const [settings, endpoints, assignable, captcha] = await Promise.all([
      getNotificationSettings(),
      listEndpoints(),
      listMembers("leads.assignee"),
      getCaptchaSettings(),
    ]);
    const members = assignable.map((m) => ({ userId: m.userId, name: m.name || m.email, role: m.role }));
    const withLog = await Promise.all(
      endpoints.map(async (endpoint) => ({ ...endpoint, deliveries: await listDeliveries(endpoint.id, 10) })),
    );
    return data(
      { mailOn, settings, members, endpoints: withLog, captcha, timeZone, loadFailed: false },
      { headers: noStore },
    );
  } catch (error) {
    logger.error({ err: error }, "Failed to load integrations");
    return data(
      { mailOn, settings: null, members: [], endpoints: [], captcha: null, timeZone, loadFailed: true },
      { headers: noStore },
    );
  }
}

export function meta() {
  return [{ title: adminTitle("Integrations") }, { name: "robots", content: "noindex, nofollow" }];
}

const idSchema = z.uuid();

/**
 * The round-robin of a notifications form: the ticked members, each of whom must still be able to hold leads, and
 * at least one when it is turned on.
 */
async function roundRobinChoice(settings: LeadNotificationSettings, values: Record<string, string>) {
  const chosen = roundRobinMembersOf(values);
  const assignable = new Set((await listMembers("leads.assignee")).map((m) => m.userId));
  const enabled = settings.roundRobin?.enabled === true;
  if (chosen.some((id) => !assignable.has(id))) {
    return { error: "A chosen member can no longer take leads: reload the page and choose again" };
  }
  if (enabled && chosen.length === 0) return { error: "Choose at least one member to take turns" };
  return { value: { enabled, members: chosen } };
}

/** An endpoint's form (add and edit): what was sent (the ticked events as "a,b"), and the input or the refusal. */
function endpointForm(form: FormData, intent: string) {
  const events = form.getAll("events");
  const values = { url: String(form.get("url") ?? ""), events: events.join(",") };
  const parsed = webhookEndpointSchema.safeParse({ url: values.url, events });
  if (parsed.success) return { values, input: parsed.data, refusal: null };
  const fieldErrors = fieldErrorsOf(parsed.error);
  return {
    values,
    input: null,
    refusal: refuse("Please check the endpoint", { intent, fieldErrors, values }),
  };
}

/** A URL the SSRF rules refuse, said on the field and in the toast. */
const unsafeUrl = (error: UnsafeUrlError, intent: string, values: Record<string, string>) =>
  refuse(error.message, { intent, fieldErrors: { url: error.message }, values });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireCan({ request, context }, "integrations.manage");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const who = auditContext(admin.email, request, requestInfo(context).ip);

  if (intent === "notifications") {
    const parsed = parseForm(notificationSettingsSchema, form);
    const roundRobin = parsed.ok ? await roundRobinChoice(parsed.data, parsed.values) : null;
    if (!parsed.ok || roundRobin?.error) {
      const fieldErrors = {
        ...(parsed.ok ? {} : parsed.fieldErrors),
        ...(roundRobin?.error ? { round_robin: roundRobin.error } : {}),
      };
      return invalid({
        intent,
        fieldErrors,
        values: parsed.values,
        toast: { type: "error", message: "Please correct the highlighted fields" },
      });
    }
    await saveNotificationSettings({ ...parsed.data, roundRobin: roundRobin?.value }, who);
    return done("Lead notifications saved", { intent });
  }

  if (intent === "captcha") {
    const parsed = parseForm(captchaSettingsSchema, form);
    // What was typed comes back after a refusal, except the secret key: it is never sent to a browser.
    const { [CAPTCHA_FIELDS.secret]: _secret, ...values } = parsed.values;
    if (!parsed.ok)
      return refuse("Please check the captcha keys", { intent, fieldErrors: parsed.fieldErrors, values });
    if ((await saveCaptchaSettings(parsed.data, who)) === "secret-needed") {
      const fieldErrors = { [CAPTCHA_FIELDS.secret]: SECRET_NEEDED };
      return refuse("Please check the captcha keys", { intent, fieldErrors, values });
    }
    return done(parsed.data.provider ? "Captcha keys saved" : "Captcha turned off", { intent });
  }

  if (intent === "create") {
    const { values, input, refusal } = endpointForm(form, intent);
    if (!input) return refusal;
    try {
      const { endpoint, secret } = await createEndpoint(input.url, input.events, who);
      // The response carries the secret's only copy shown to anyone: no cache may keep it.
      return data(
        {
          intent,
          ok: true,
          toast: { type: "success" as const, message: "Endpoint added" },
          secret: { id: endpoint.id, value: secret },
        },
        { headers: { "Cache-Control": "no-store" } },
      );
    } catch (error) {
      if (error instanceof UnsafeUrlError) return unsafeUrl(error, intent, values);
      throw error;
    }
  }

  const id = idSchema.safeParse(form.get("id"));
  if (!id.success) return invalid({ intent, toast: { type: "error", message: "Unknown endpoint" } });
  const missing = () => gone("This endpoint no longer exists", { intent });

  if (intent === "rotate") {
    const secret = await rotateEndpointSecret(id.data, who);
    if (!secret) return missing();
    return data(
      {
        intent,
        ok: true,
        toast: { type: "success" as const, message: "Secret rotated" },
        secret: { id: id.data, value: secret },
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  if (intent === "update") {
    const { values, input, refusal } = endpointForm(form, intent);
    if (!input) return refusal;
    try {
      const base = String(form.get("base") ?? "") || undefined;
      const saved = await updateEndpoint(id.data, input.url, input.events, who, { base });
      if (saved.status !== "saved") return refusedEdit(saved, EDIT_SUBJECTS.webhook, { intent, values });
      return done("Endpoint saved", { intent });
    } catch (error) {
      if (error instanceof UnsafeUrlError) return unsafeUrl(error, intent, values);
      throw error;
    }
  }
  if (intent === "toggle") {
    const active = form.get("active");
    if (active !== "true" && active !== "false")
      return invalid({ intent, toast: { type: "error", message: "Unknown state" } });
    const row = await setEndpointActive(id.data, active === "true", who);
    if (!row) return missing();
    return done(row.active ? "Endpoint turned on" : "Endpoint turned off", { intent });
  }
  if (intent === "delete") {
    if (!(await deleteEndpoint(id.data, who))) return missing();
    return done("Endpoint deleted", { intent });
  }
  if (intent === "test") {
    if (!(await sendTestEvent(id.data))) return missing();
    return done("Test event queued", { intent });
  }
  if (intent === "resend") {
    const delivery = idSchema.safeParse(form.get("delivery"));
    if (!delivery.success || !(await resendDelivery(delivery.data, id.data))) {
      return invalid({ intent, toast: { type: "error", message: "This delivery cannot be resent now" } });
    }
    return done("Delivery queued again", { intent });
  }
  return invalid({ intent, toast: { type: "error", message: "Unknown action" } });
}

export const shouldRevalidate = keepDataOnTabChange;

const TABS = ["notifications", "webhooks", "captcha"] as const;

export default function IntegrationsPage({ loaderData }: Route.ComponentProps) {
  const { mailOn, settings, members, endpoints, captcha, timeZone, loadFailed } = loaderData;
  const [tab, setTab] = useUrlTab(TABS);
  useEffect(() => {
    if (loadFailed) toast.error("Failed to load integrations");
  }, [loadFailed]);
  return (
    <>
      <AdminPageHeader
        title="Integrations"
        description="E-mail alerts for new leads, signed webhooks to your other tools, and the captcha for your forms"
      />
      {loadFailed ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          The integrations could not be loaded. Reload the page to try again.
        </p>
      ) : null}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Integrations">
          <TabsTrigger value="notifications">Lead notifications</TabsTrigger>
          <TabsTrigger value="webhooks">Webhooks</TabsTrigger>
          <TabsTrigger value="captcha">Captcha</TabsTrigger>
        </TabsList>
        <TabsContent value="notifications">
          {settings ? <LeadNotificationsForm mailOn={mailOn} settings={settings} members={members} /> : null}
        </TabsContent>
        <TabsContent value="webhooks">
          {loadFailed ? null : (
            <WebhookEndpoints endpoints={endpoints} events={WEBHOOK_EVENTS} timeZone={timeZone} />
          )}
        </TabsContent>
        <TabsContent value="captcha">
          {captcha ? <CaptchaSettingsForm settings={captcha} /> : null}
        </TabsContent>
      </Tabs>
    </>
  );
}
