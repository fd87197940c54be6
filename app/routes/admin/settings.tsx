// /admin/settings: six tabs. General, Social, SEO, Analytics and Chat are one form saved by 'Save Settings'
// (one upsert per setting key, social links updated by id); Showcase manages the hero media with its own actions.
// Every write bumps the content version, so the public site shows it on the next request.
import { useEffect, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { adminFor } from "~/auth/admin-context.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { SettingsPanels, type SocialLinkValue } from "~/components/admin/settings-panels";
import { ShowcaseManager } from "~/components/admin/showcase-manager";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { showToast, useActionToast } from "~/components/ui/toaster";
import { adminTitle } from "~/lib/brand";
import { logger } from "~/lib/logger.server";
import { requestInfo } from "~/lib/request-context.server";
import type { Settings } from "~/lib/settings";
import {
  SETTINGS_BOOLEAN_KEYS,
  type SettingsTextFields,
  settingsTextSchema,
  showcaseAddSchema,
  socialUrlSchema,
} from "~/lib/settings-form";
import { auditContext } from "~/models/audit.server";
import { getSettings, listSocialLinks } from "~/models/settings.server";
import { type SocialLinkUpdate, saveSettings } from "~/models/settings-admin.server";
import {
  addShowcaseItem,
  deleteShowcaseItem,
  listAllShowcase,
  moveShowcaseItem,
  parseDisplayOrder,
  setShowcaseActive,
  setShowcaseOrder,
} from "~/models/showcase-admin.server";
import type { Route } from "./+types/settings";

export function meta() {
  return [{ title: adminTitle("Settings") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await adminFor({ request, context });
  const [settings, socialLinks] = await Promise.all([getSettings(), listSocialLinks()]);
  let showcase: Awaited<ReturnType<typeof listAllShowcase>> = [];
  let showcaseFailed = false;
  try {
    showcase = await listAllShowcase();
  } catch (error) {
    logger.error({ err: error }, "failed to load showcase media");
    showcaseFailed = true;
  }
  return data(
    { settings, socialLinks, showcase, showcaseFailed },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type Toast = { type: "success" | "error"; message: string };
type FieldErrors = Record<string, string | undefined>;
const toast = (type: Toast["type"], message: string): Toast => ({ type, message });

/** The SEO and Analytics tabs both post the analytics and pixel IDs: take the one the admin changed. */
function pickValue(form: FormData, key: string, previous: string): string {
  const all = form.getAll(key).map((v) => String(v));
  return all.find((v) => v.trim() !== previous) ?? all[0] ?? previous;
}

function parseSettingsForm(form: FormData, previous: Settings) {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(settingsTextSchema.shape) as Array<keyof SettingsTextFields>) {
    raw[key] = pickValue(form, key, String(previous[key]));
  }
  const errors: FieldErrors = {};
  const parsed = settingsTextSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  }
  const values = { ...previous, ...(parsed.success ? parsed.data : raw) } as Settings;
  for (const key of SETTINGS_BOOLEAN_KEYS) {
    const v = form.get(key);
    // A missing field keeps the stored value (e.g. a partial post), 'true'/'on' is on, anything else off.
    values[key] = v === null ? previous[key] : v === "true" || v === "on";
  }
  const links: SocialLinkUpdate[] = [];
  for (const id of form.getAll("socialId").map(String)) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) continue;
    const url = socialUrlSchema.safeParse(String(form.get(`socialUrl.${id}`) ?? ""));
    if (!url.success) errors[`socialUrl.${id}`] = url.error.issues[0]?.message;
    links.push({
      id,
      url: url.success ? url.data : String(form.get(`socialUrl.${id}`) ?? ""),
      isActive: form.get(`socialActive.${id}`) === "true",
    });
  }
  const hasErrors = Object.values(errors).some(Boolean);
  return { values, links, errors, hasErrors };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await adminFor({ request, context });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save-settings");
  const id = String(form.get("id") ?? "");
  const validId = /^[0-9a-f-]{36}$/i.test(id);
  const who = auditContext(admin.email, request, requestInfo(context).ip);

  if (intent === "save-settings") {
    let previous: Settings;
    try {
      previous = await getSettings();
      const { values, links, errors, hasErrors } = parseSettingsForm(form, previous);
      if (hasErrors) {
        return data(
          { toast: toast("error", "Failed to save settings"), fieldErrors: errors, values, links },
          { status: 400 },
        );
      }
      await saveSettings(values, links, who);
      return { toast: toast("success", "Settings saved successfully") };
    } catch (error) {
      logger.error({ err: error }, "failed to save settings");
      return data({ toast: toast("error", "Failed to save settings") }, { status: 500 });
    }
  }

  if (intent === "showcase-add") {
    const parsed = showcaseAddSchema.safeParse({
      title: String(form.get("title") ?? ""),
      mediaUrl: String(form.get("mediaUrl") ?? ""),
      mediaType: String(form.get("mediaType") ?? ""),
      description: String(form.get("description") ?? ""),
    });
    if (parsed.success && (!parsed.data.title || !parsed.data.mediaUrl)) {
      return data(
        {
          toast: toast("error", "Please fill in URL and title"),
          fieldErrors: {
            title: parsed.data.title ? undefined : "Enter a title",
            mediaUrl: parsed.data.mediaUrl ? undefined : "Enter a media URL or upload a file",
          },
        },
        { status: 400 },
      );
    }
    if (!parsed.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      return data({ toast: toast("error", "Failed to add media"), fieldErrors }, { status: 400 });
    }
    try {
      await addShowcaseItem(parsed.data, who);
      return { toast: toast("success", "Media added successfully"), ok: true };
    } catch (error) {
      logger.error({ err: error }, "failed to add media");
      return data({ toast: toast("error", "Failed to add media") }, { status: 500 });
    }
  }

  if (intent === "showcase-toggle") {
    const isActive = form.get("isActive") === "true";
    try {
      const item = validId ? await setShowcaseActive(id, isActive, who) : undefined;
      if (!item) return data({ toast: toast("error", "Failed to update media status") }, { status: 409 });
      return { toast: toast("success", "Media status updated") };
    } catch (error) {
      logger.error({ err: error }, "failed to update media status");
      return data({ toast: toast("error", "Failed to update media status") }, { status: 500 });
    }
  }

  if (intent === "showcase-order" || intent === "showcase-move") {
    try {
      let done = false;
      if (intent === "showcase-order") {
        const displayOrder = parseDisplayOrder(form.get("displayOrder"));
        done = validId ? Boolean(await setShowcaseOrder(id, displayOrder, who)) : false;
      } else {
        const direction = form.get("direction") === "up" ? "up" : "down";
        done = validId ? await moveShowcaseItem(id, direction, who) : false;
      }
      if (!done) return data({ toast: toast("error", "Failed to update order") }, { status: 409 });
      return { reordered: true };
    } catch (error) {
      logger.error({ err: error }, "failed to update order");
      return data({ toast: toast("error", "Failed to update order") }, { status: 500 });
    }
  }

  if (intent === "showcase-delete") {
    try {
      const item = validId ? await deleteShowcaseItem(id, who) : undefined;
      if (!item) return data({ toast: toast("error", "Failed to delete media") }, { status: 409 });
      return { toast: toast("success", "Media deleted successfully") };
    } catch (error) {
      logger.error({ err: error }, "failed to delete media");
      return data({ toast: toast("error", "Failed to delete media") }, { status: 500 });
    }
  }

  return data({ toast: toast("error", "Unknown action") }, { status: 400 });
}

const TABS = [
  { value: "general", label: "General" },
  { value: "social", label: "Social" },
  { value: "showcase", label: "Showcase" },
  { value: "seo", label: "SEO" },
  { value: "analytics", label: "Analytics" },
  { value: "chat", label: "Chat" },
] as const;

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-settings";
  useActionToast(actionData);
  const [tab, setTab] = useState("general");
  const { showcaseFailed } = loaderData;
  useEffect(() => {
    if (showcaseFailed) showToast({ type: "error", message: "Failed to load showcase media" });
  }, [showcaseFailed]);

  // After a rejected save the form shows what the admin typed, with the errors.
  const result = actionData as
    | { values?: Settings; links?: SocialLinkUpdate[]; fieldErrors?: Record<string, string | undefined> }
    | undefined;
  const rejected = result?.values ? result : undefined;
  const values = rejected?.values ?? loaderData.settings;
  const socialLinks: SocialLinkValue[] = loaderData.socialLinks.map((l) => {
    const typed = rejected?.links?.find((r) => r.id === l.id);
    return {
      id: l.id,
      platform: l.platform,
      url: typed?.url ?? l.url,
      isActive: typed?.isActive ?? l.isActive,
    };
  });
  const errors = result?.fieldErrors ?? {};

  return (
    <div>
      <AdminPageHeader title="Settings" description="Manage your website configuration" />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Settings sections">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <Form method="post" id="settings-form" noValidate hidden={tab === "showcase"}>
          <input type="hidden" name="intent" value="save-settings" />
          <SettingsPanels values={values} socialLinks={socialLinks} errors={errors} />
          <div className="mt-4 flex justify-end">
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : "Save Settings"}
            </Button>
          </div>
        </Form>
        <TabsContent value="showcase" forceMount>
          <ShowcaseManager items={loaderData.showcase} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
