// /admin/settings: six tabs. General, Social, SEO, Analytics and Chat are each a form saved by its own 'Save
// Settings' (one upsert per setting of the tab, social links updated by id), with the version of the tab it loaded:
// a save against a newer version of that tab is refused (409) and keeps what was typed; two members saving
// different tabs never conflict. Showcase manages the hero media with its own actions.
// Every write bumps the content version, so the public site shows it on the next request.
import { useEffect } from "react";
import { data, useNavigation } from "react-router";
import { requireCan } from "~/auth/permissions.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { SettingsPanels, type SocialLinkValue } from "~/components/admin/settings-panels";
import { settingsSaveIntent } from "~/components/admin/settings-tab-form";
import { ShowcaseManager } from "~/components/admin/showcase-manager";
import { useUrlTab } from "~/components/admin/use-url-tab";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { showToast, useActionToast } from "~/components/ui/toaster";
import { env } from "~/env.server";
import { logger } from "~/infra/logger.server";
import { auditContext, requestInfo } from "~/infra/request-context.server";
import { adminTitle } from "~/lib/brand";
import { CONFLICT_MESSAGES } from "~/lib/edit-conflict";
import { type ActionResult, done, type FieldErrors, gone, parseForm, refuse } from "~/lib/forms";
import { MEDIA_MESSAGES } from "~/lib/media";
import type { Settings } from "~/lib/settings";
import {
  SETTINGS_BOOLEAN_KEYS,
  type SettingsTextFields,
  settingsTextSchema,
  showcaseAddSchema,
  socialUrlSchema,
} from "~/lib/settings-form";
import { isSettingsTab } from "~/lib/settings-tabs";
import { keepDataOnTabChange } from "~/lib/url-tab";
import { StaleEditError } from "~/models/edit-conflicts.server";
import { missingAltText } from "~/models/media.server";
import { getSettings, listSocialLinks } from "~/models/settings.server";
import {
  type SocialLinkUpdate,
  saveSettings,
  settingsConflict,
  settingsVersions,
} from "~/models/settings-admin.server";
import {
  addShowcaseItem,
  deleteShowcaseItem,
  listAllShowcase,
  moveShowcaseItem,
  parseDisplayOrder,
  setShowcaseActive,
  setShowcaseOrder,
} from "~/models/showcase-admin.server";
import { showcaseEditAction } from "~/routes/support/showcase-edit.server";
import type { Route } from "./+types/settings";

export function meta() {
  return [{ title: adminTitle("Settings") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireCan({ request, context }, "settings.manage");
  const [settings, socialLinks, versions] = await Promise.all([
    getSettings(),
    listSocialLinks(),
    settingsVersions(),
  ]);
  let showcase: Awaited<ReturnType<typeof listAllShowcase>> = [];
  let showcaseFailed = false;
  try {
    showcase = await listAllShowcase();
  } catch (error) {
    logger.error({ err: error }, "failed to load showcase media");
    showcaseFailed = true;
  }
  return data(
    { settings, socialLinks, versions, timeZone: env().siteTimeZone, showcase, showcaseFailed },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What a refused save sends back: the settings and social links as typed. */
interface SettingsValues {
  settings: Settings;
  links: SocialLinkUpdate[];
}

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
  const parsed = parseForm(settingsTextSchema, raw);
  const errors: FieldErrors = parsed.ok ? {} : { ...parsed.fieldErrors };
  const values = { ...previous, ...(parsed.ok ? parsed.data : raw) } as Settings;
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
  const admin = await requireCan({ request, context }, "settings.manage");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save-settings");
  const id = String(form.get("id") ?? "");
  const validId = /^[0-9a-f-]{36}$/i.test(id);
  const who = auditContext(admin.email, request, requestInfo(context).ip);

  if (intent === "save-settings") {
    // One tab's form names its tab and the version it loaded; a save without a tab saves every setting, unchecked.
    const tab = form.get("tab");
    const edit = isSettingsTab(tab) ? { tab, base: String(form.get("base") ?? "") || undefined } : undefined;
    const answered = edit ? { intent: settingsSaveIntent(edit.tab) } : {};
    let previous: Settings;
    try {
      previous = await getSettings();
      const { values, links, errors, hasErrors } = parseSettingsForm(form, previous);
      const typed = { ...answered, values: { settings: values, links } };
      if (hasErrors) {
        return refuse<SettingsValues>("Failed to save settings", { ...typed, fieldErrors: errors });
      }
      // A library image as the Open Graph image needs alt text (ADR 019).
      const altErrors = await missingAltText({ ogImage: values.ogImage });
      if (Object.keys(altErrors).length > 0) {
        return refuse<SettingsValues>(MEDIA_MESSAGES.altMissingToast, { ...typed, fieldErrors: altErrors });
      }
      try {
        const { version } = await saveSettings(values, links, who, edit);
        return done("Settings saved successfully", { ...answered, version });
      } catch (error) {
        if (!(edit && error instanceof StaleEditError)) throw error;
        const conflict = await settingsConflict(edit.tab, error);
        return refuse<SettingsValues>(CONFLICT_MESSAGES.refused, { ...typed, conflict }, 409);
      }
    } catch (error) {
      logger.error({ err: error }, "failed to save settings");
      return refuse("Failed to save settings", answered, 500);
    }
  }

  if (intent === "showcase-add") {
    const parsed = parseForm(showcaseAddSchema, form);
    const { values } = parsed;
    if (parsed.ok && (!parsed.data.title || !parsed.data.mediaUrl)) {
      return refuse("Please fill in URL and title", {
        values,
        fieldErrors: {
          title: parsed.data.title ? undefined : "Enter a title",
          mediaUrl: parsed.data.mediaUrl ? undefined : "Enter a media URL or upload a file",
        },
      });
    }
    if (!parsed.ok) return refuse("Failed to add media", { values, fieldErrors: parsed.fieldErrors });
    try {
      const altErrors =
        parsed.data.mediaType === "image" ? await missingAltText({ mediaUrl: parsed.data.mediaUrl }) : {};
      if (Object.keys(altErrors).length > 0) {
        return refuse(MEDIA_MESSAGES.altMissingToast, { values, fieldErrors: altErrors });
      }
      await addShowcaseItem(parsed.data, who);
      return done("Media added successfully");
    } catch (error) {
      logger.error({ err: error }, "failed to add media");
      return refuse("Failed to add media", { values }, 500);
    }
  }

  if (intent === "showcase-edit") return showcaseEditAction(form, who);

  // Toggle, reorder and delete name a row that may be gone (deleted in another tab): GONE_STATUS, via gone().
  const rowAction = async (
    failure: string,
    run: () => Promise<unknown>,
    success: () => ReturnType<typeof done>,
  ) => {
    try {
      if (!validId || !(await run())) return gone(failure);
      return success();
    } catch (error) {
      logger.error({ err: error, intent }, failure);
      return refuse(failure, {}, 500);
    }
  };
  if (intent === "showcase-toggle") {
    const isActive = form.get("isActive") === "true";
    return rowAction(
      "Failed to update media status",
      () => setShowcaseActive(id, isActive, who),
      () => done("Media status updated"),
    );
  }
  if (intent === "showcase-order") {
    const displayOrder = parseDisplayOrder(form.get("displayOrder"));
    // A reorder shows no toast: the list itself moves.
    return rowAction(
      "Failed to update order",
      () => setShowcaseOrder(id, displayOrder, who),
      () => data({ ok: true }),
    );
  }
  if (intent === "showcase-move") {
    const direction = form.get("direction") === "up" ? "up" : "down";
    return rowAction(
      "Failed to update order",
      () => moveShowcaseItem(id, direction, who),
      () => data({ ok: true }),
    );
  }
  if (intent === "showcase-delete") {
    return rowAction(
      "Failed to delete media",
      () => deleteShowcaseItem(id, who),
      () => done("Media deleted successfully"),
    );
  }

  return refuse("Unknown action");
}

const TABS = [
  { value: "general", label: "General" },
  { value: "social", label: "Social" },
  { value: "showcase", label: "Showcase" },
  { value: "seo", label: "SEO" },
  { value: "analytics", label: "Analytics" },
  { value: "chat", label: "Chat" },
] as const;
const TAB_VALUES = TABS.map((t) => t.value);

export const shouldRevalidate = keepDataOnTabChange;

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const savingTab =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "save-settings"
      ? String(navigation.formData.get("tab") ?? "")
      : null;
  useActionToast(actionData);
  const [tab, setTab] = useUrlTab(TAB_VALUES);
  const { showcaseFailed } = loaderData;
  useEffect(() => {
    if (showcaseFailed) showToast({ type: "error", message: "Failed to load showcase media" });
  }, [showcaseFailed]);

  // After a rejected save the form shows what the admin typed, with the errors.
  const result = actionData as ActionResult<SettingsValues | Record<string, string>> | undefined;
  const rejected =
    result?.values && "settings" in result.values ? (result.values as SettingsValues) : undefined;
  const values = rejected?.settings ?? loaderData.settings;
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
      <AdminPageHeader
        title="Settings"
        description="Manage your website configuration. Each tab is saved on its own."
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Settings sections">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <SettingsPanels
          values={values}
          socialLinks={socialLinks}
          errors={errors}
          versions={loaderData.versions}
          stored={{ settings: loaderData.settings, links: loaderData.socialLinks }}
          result={result}
          savingTab={savingTab}
          timeZone={loaderData.timeZone}
        />
        <TabsContent value="showcase" forceMount>
          <ShowcaseManager items={loaderData.showcase} timeZone={loaderData.timeZone} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
