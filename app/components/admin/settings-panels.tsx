// The five tabs of /admin/settings that are saved together by 'Save Settings': General, Social, SEO, Analytics
// and Chat. Switches post 'true'/'false' through hidden inputs, so a form sent without JavaScript keeps them.
import { useState } from "react";
import { MediaUrlField } from "~/components/admin/media-url-field";
import { TextareaField, TextField } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";
import { TabsContent } from "~/components/ui/tabs";
import type { FieldErrors } from "~/lib/forms";
import type { Settings } from "~/lib/settings";
import { SEO_LIMITS } from "~/lib/settings-form";

export interface SocialLinkValue {
  id: string;
  platform: string;
  url: string;
  isActive: boolean;
}

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

function Panel({ value, title, children }: { value: string; title: string; children: React.ReactNode }) {
  return (
    <TabsContent
      value={value}
      forceMount
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{title}</h2>
      <div className="space-y-4">{children}</div>
    </TabsContent>
  );
}

export function SettingsPanels({
  values,
  socialLinks,
  errors,
}: {
  values: Settings;
  socialLinks: SocialLinkValue[];
  errors: FieldErrors;
}) {
  const [toggles, setToggles] = useState({
    blogEnabled: values.blogEnabled,
    contactFormEnabled: values.contactFormEnabled,
    newsletterEnabled: values.newsletterEnabled,
    chatEnabled: values.chatEnabled,
  });
  const [siteTitle, setSiteTitle] = useState(values.siteTitle);
  const [description, setDescription] = useState(values.siteDescription);
  const [ogImage, setOgImage] = useState(values.ogImage);
  // The SEO and Analytics tabs both show the analytics and pixel IDs; one state keeps the two inputs equal.
  const [gaId, setGaId] = useState(values.googleAnalyticsId);
  const [pixelId, setPixelId] = useState(values.facebookPixelId);
  const [chatCode, setChatCode] = useState(values.chatWidget);
  const [links, setLinks] = useState(socialLinks);
  const tracking = { gaId, setGaId, pixelId, setPixelId, errors };
  const toggle = (key: keyof typeof toggles) => (checked: boolean) =>
    setToggles((t) => ({ ...t, [key]: checked }));

  return (
    <>
      <Panel value="general" title="General">
        <TextField
          id="contactEmail"
          name="contactEmail"
          label="Contact email"
          type="email"
          defaultValue={values.contactEmail}
          error={errors.contactEmail}
          autoComplete="off"
        />
        <TextField
          id="contactPhone"
          name="contactPhone"
          label="Phone"
          type="tel"
          defaultValue={values.contactPhone}
          error={errors.contactPhone}
        />
        <TextareaField
          id="companyAddress"
          name="companyAddress"
          label="Company address"
          defaultValue={values.companyAddress}
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
            checked={toggles.blogEnabled}
            onCheckedChange={toggle("blogEnabled")}
          />
          <SwitchField
            id="contactFormEnabled"
            name="contactFormEnabled"
            label="Contact form"
            description="Accept messages through the contact page"
            checked={toggles.contactFormEnabled}
            onCheckedChange={toggle("contactFormEnabled")}
          />
          <SwitchField
            id="newsletterEnabled"
            name="newsletterEnabled"
            label="Newsletter"
            description="Offer newsletter sign-up"
            checked={toggles.newsletterEnabled}
            onCheckedChange={toggle("newsletterEnabled")}
          />
        </fieldset>
      </Panel>

      <Panel value="social" title="Social links">
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
      </Panel>

      <Panel value="seo" title="SEO">
        <TextField
          id="siteTitle"
          name="siteTitle"
          label="Site title"
          value={siteTitle}
          onChange={(e) => setSiteTitle(e.target.value)}
          error={errors.siteTitle}
          hint={`${siteTitle.length}/${SEO_LIMITS.title} · keep the title under ${SEO_LIMITS.title} characters`}
        />
        <TextareaField
          id="siteDescription"
          name="siteDescription"
          label="Meta description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
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
          defaultValue={values.metaKeywords}
          hint="Comma-separated"
          error={errors.metaKeywords}
        />
        <MediaUrlField
          id="ogImage"
          name="ogImage"
          label="Open Graph image URL"
          bucket="images"
          value={ogImage}
          onChange={setOgImage}
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
      </Panel>

      <Panel value="analytics" title="Analytics">
        <TrackingIdFields idPrefix="" labels={["Google Analytics ID", "Meta pixel ID"]} {...tracking} />
        <TextField
          id="hotjarId"
          name="hotjarId"
          label="Hotjar site ID"
          defaultValue={values.hotjarId}
          inputMode="numeric"
          error={errors.hotjarId}
        />
        <p className="text-xs text-slate-600">
          Analytics load on the public site only after a visitor consents.
        </p>
      </Panel>

      <Panel value="chat" title="Chat">
        <SwitchField
          id="chatEnabled"
          name="chatEnabled"
          label="Enable chat widget"
          checked={toggles.chatEnabled}
          onCheckedChange={toggle("chatEnabled")}
        />
        {toggles.chatEnabled ? (
          <TextareaField
            id="chatWidget"
            name="chatWidget"
            label="Chat widget embed code"
            value={chatCode}
            onChange={(e) => setChatCode(e.target.value)}
            className="min-h-40 font-mono text-xs"
            placeholder="<script>…</script>"
            error={errors.chatWidget}
          />
        ) : (
          // Hidden while chat is off, but kept, so turning chat on again restores the code.
          <input type="hidden" name="chatWidget" value={chatCode} />
        )}
      </Panel>
    </>
  );
}
