// The five tabs of /admin/settings saved by 'Save Settings', each on its own (settings-tab-form.tsx): General,
// Social, SEO, Analytics and Chat. Every field is held here, so a tab keeps what was typed while another is shown or
// saved, and the analytics IDs shown on SEO and Analytics stay one value. Switches post 'true'/'false' through
// hidden inputs, so a form sent without JavaScript keeps them.
import { useCallback, useState } from "react";
import { MediaUrlField } from "~/components/admin/media-url-field";
import { SettingsTabForm } from "~/components/admin/settings-tab-form";
import { UnsavedChangesGuard } from "~/components/admin/unsaved-changes-guard";
import { TextareaField, TextField } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";
import type { EditVersion } from "~/lib/edit-conflict";
import type { ActionResult, FieldErrors } from "~/lib/forms";
import { settingsTabFields } from "~/lib/revision-fields";
import { SETTING_KEYS, type SettingKey, type Settings } from "~/lib/settings";
import { SEO_LIMITS } from "~/lib/settings-form";
import { type SettingsTab, type SocialLinkValues, tabSnapshot } from "~/lib/settings-tabs";

export type SocialLinkValue = SocialLinkValues;

/** A labelled switch that submits name=true|false. */
export function SwitchField({
  id,
  name,
  label,
  description,
  checked,
  onCheckedChange,
}: {
  id: string;
  name: string;
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 p-3">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        {description ? <p className="text-xs text-slate-600">{description}</p> : null}
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} />
      <input type="hidden" name={name} value={checked ? "true" : "false"} />
    </div>
  );
}

/** The analytics and pixel IDs, shown on both the SEO and the Analytics tab from one state. */
function TrackingIdFields({
  idPrefix,
  labels,
  gaId,
  setGaId,
  pixelId,
  setPixelId,
  errors,
}: {
  idPrefix: string;
  labels: [string, string];
  gaId: string;
  setGaId: (value: string) => void;
  pixelId: string;
  setPixelId: (value: string) => void;
  errors: FieldErrors;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}googleAnalyticsId`}
        name="googleAnalyticsId"
        label={labels[0]}
        value={gaId}
        onChange={(e) => setGaId(e.target.value)}
        placeholder="G-XXXXXXXXXX"
        error={errors.googleAnalyticsId}
      />
      <TextField
        id={`${idPrefix}facebookPixelId`}
        name="facebookPixelId"
        label={labels[1]}
        value={pixelId}
        onChange={(e) => setPixelId(e.target.value)}
        inputMode="numeric"
        error={errors.facebookPixelId}
      />
    </>
  );
}

/** A teammate's values of one tab (tabSnapshot's shape) laid over the form's. */
function withTheirs(draft: Settings, links: SocialLinkValue[], theirs: Record<string, unknown>) {
  const settings = { ...draft };
  for (const key of SETTING_KEYS) {
    if (key in theirs) (settings as Record<SettingKey, unknown>)[key] = theirs[key];
  }
  const social = links.map((l) => ({
    ...l,
    url: String(theirs[`socialUrl.${l.id}`] ?? l.url),
    isActive:
      typeof theirs[`socialActive.${l.id}`] === "boolean"
        ? Boolean(theirs[`socialActive.${l.id}`])
        : l.isActive,
  }));
  return { settings, social };
}

export function SettingsPanels({
  values,
  socialLinks,
  errors,
  versions,
  stored,
  result,
  savingTab,
  timeZone,
}: {
  values: Settings;
  socialLinks: SocialLinkValue[];
  errors: FieldErrors;
  /** Each tab's version as the page's data has it now. */
  versions: Record<SettingsTab, EditVersion>;
  /** The settings and links as stored (the page's data), whatever the form shows. */
  stored: { settings: Settings; links: SocialLinkValue[] };
  result: ActionResult<unknown> | undefined;
  /** The tab being saved, if any. */
  savingTab: string | null;
  timeZone: string;
}) {
  const [draft, setDraft] = useState<Settings>(values);
  const [links, setLinks] = useState(socialLinks);
  const set =
    <K extends SettingKey>(key: K) =>
    (value: Settings[K]) =>
      setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: SettingKey) => ({
    value: String(draft[key]),
    onChange: (e: { target: { value: string } }) => set(key)(e.target.value as never),
  });
  const tracking = {
    gaId: draft.googleAnalyticsId,
    setGaId: set("googleAnalyticsId"),
    pixelId: draft.facebookPixelId,
    setPixelId: set("facebookPixelId"),
    errors,
  };
  const [unsavedTabs, setUnsavedTabs] = useState<ReadonlySet<SettingsTab>>(new Set());
  const onUnsaved = useCallback((tab: SettingsTab, unsaved: boolean) => {
    setUnsavedTabs((now) => {
      if (now.has(tab) === unsaved) return now;
      const next = new Set(now);
      if (unsaved) next.add(tab);
      else next.delete(tab);
      return next;
    });
  }, []);
  const tabForm = (tab: SettingsTab) => ({
    tab,
    version: versions[tab],
    stored: { version: versions[tab], content: tabSnapshot(tab, stored.settings, stored.links) },
    onUnsaved,
    result,
    saving: savingTab === tab,
    snapshot: tabSnapshot(tab, draft, links),
    fields: settingsTabFields(tab, links),
    timeZone,
    onLoadTheirs: (theirs: Record<string, unknown>) => {
      const next = withTheirs(draft, links, theirs);
      setDraft(next.settings);
      setLinks(next.social);
    },
  });
  const { siteTitle, siteDescription: description } = draft;

  return (
    <>
      <UnsavedChangesGuard unsaved={unsavedTabs.size > 0} />
      <SettingsTabForm {...tabForm("general")} title="General">
        <TextField
          id="contactEmail"
          name="contactEmail"
          label="Contact email"
          type="email"
          {...text("contactEmail")}
          error={errors.contactEmail}
          autoComplete="off"
        />
        <TextField
          id="contactPhone"
          name="contactPhone"
          label="Phone"
          type="tel"
          {...text("contactPhone")}
          error={errors.contactPhone}
        />
        <TextareaField
          id="companyAddress"
          name="companyAddress"
          label="Company address"
          {...text("companyAddress")}
          className="min-h-20"
          error={errors.companyAddress}
        />
        <fieldset className="space-y-2">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Features</legend>
          <SwitchField
            id="blogEnabled"
            name="blogEnabled"
            label="Blog"
            description="Show the blog on the public site"
            checked={draft.blogEnabled}
            onCheckedChange={set("blogEnabled")}
          />
          <SwitchField
            id="contactFormEnabled"
            name="contactFormEnabled"
            label="Contact form"
            description="Accept messages through the contact page"
            checked={draft.contactFormEnabled}
            onCheckedChange={set("contactFormEnabled")}
          />
          <SwitchField
            id="newsletterEnabled"
            name="newsletterEnabled"
            label="Newsletter"
            description="Offer newsletter sign-up"
            checked={draft.newsletterEnabled}
            onCheckedChange={set("newsletterEnabled")}
          />
        </fieldset>
      </SettingsTabForm>
      <SettingsTabForm {...tabForm("social")} title="Social links">
        {links.length === 0 ? (
          <p className="text-sm text-slate-600">No social platforms configured.</p>
        ) : null}
        {links.map((link, i) => (
          <div
            key={link.id}
            className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_auto] sm:items-end"
          >
            <input type="hidden" name="socialId" value={link.id} />
            <TextField
              id={`social-url-${link.id}`}
              name={`socialUrl.${link.id}`}
              label={`${link.platform} URL`}
              type="url"
              value={link.url}
              onChange={(e) => {
                const url = e.target.value;
                setLinks((all) => all.map((l, j) => (j === i ? { ...l, url } : l)));
              }}
              placeholder="https://"
              error={errors[`socialUrl.${link.id}`]}
            />
            <div className="flex min-h-10 items-center gap-2">
              <Switch
                id={`social-active-${link.id}`}
                checked={link.isActive}
                onCheckedChange={(isActive) =>
                  setLinks((all) => all.map((l, j) => (j === i ? { ...l, isActive } : l)))
                }
              />
              <label htmlFor={`social-active-${link.id}`} className="text-sm font-medium text-slate-900">
                Active<span className="sr-only"> ({link.platform})</span>
              </label>
              <input
                type="hidden"
                name={`socialActive.${link.id}`}
                value={link.isActive ? "true" : "false"}
              />
            </div>
          </div>
        ))}
      </SettingsTabForm>

      <SettingsTabForm {...tabForm("seo")} title="SEO">
        <TextField
          id="siteTitle"
          name="siteTitle"
          label="Site title"
          {...text("siteTitle")}
          error={errors.siteTitle}
          hint={`${siteTitle.length}/${SEO_LIMITS.title} · keep the title under ${SEO_LIMITS.title} characters`}
        />
        <TextareaField
          id="siteDescription"
          name="siteDescription"
          label="Meta description"
          {...text("siteDescription")}
          className="min-h-24"
          error={errors.siteDescription}
          hint={
            <>
              <span
                className={
                  description.length > SEO_LIMITS.description ? "font-semibold text-red-700" : undefined
                }
              >
                {description.length}/{SEO_LIMITS.description}
              </span>{" "}
              · best between 150 and 160 characters
            </>
          }
        />
        <TextField
          id="metaKeywords"
          name="metaKeywords"
          label="Meta keywords"
          {...text("metaKeywords")}
          hint="Comma-separated"
          error={errors.metaKeywords}
        />
        <MediaUrlField
          id="ogImage"
          name="ogImage"
          label="Open Graph image URL"
          bucket="images"
          value={draft.ogImage}
          onChange={set("ogImage")}
          hint="1200x630 recommended."
          error={errors.ogImage}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TrackingIdFields idPrefix="seo-" labels={["Analytics ID", "Pixel ID"]} {...tracking} />
        </div>
        <div className="rounded-lg bg-brand-50 p-4 text-sm text-brand-900">
          <p className="font-semibold">SEO tips</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            <li>Keep the site title under 60 characters.</li>
            <li>Write a meta description of 150-160 characters.</li>
            <li>Use an Open Graph image of 1200x630 pixels.</li>
          </ul>
        </div>
      </SettingsTabForm>

      <SettingsTabForm {...tabForm("analytics")} title="Analytics">
        <TrackingIdFields idPrefix="" labels={["Google Analytics ID", "Meta pixel ID"]} {...tracking} />
        <TextField
          id="hotjarId"
          name="hotjarId"
          label="Hotjar site ID"
          {...text("hotjarId")}
          inputMode="numeric"
          error={errors.hotjarId}
        />
        <p className="text-xs text-slate-600">
          Analytics load on the public site only after a visitor consents.
        </p>
      </SettingsTabForm>

      <SettingsTabForm {...tabForm("chat")} title="Chat">
        <SwitchField
          id="chatEnabled"
          name="chatEnabled"
          label="Enable chat widget"
          checked={draft.chatEnabled}
          onCheckedChange={set("chatEnabled")}
        />
        {draft.chatEnabled ? (
          <TextareaField
            id="chatWidget"
            name="chatWidget"
            label="Chat widget embed code"
            {...text("chatWidget")}
            className="min-h-40 font-mono text-xs"
            placeholder="<script>…</script>"
            error={errors.chatWidget}
          />
        ) : (
          // Hidden while chat is off, but kept, so turning chat on again restores the code.
          <input type="hidden" name="chatWidget" value={draft.chatWidget} />
        )}
      </SettingsTabForm>
    </>
  );
}
