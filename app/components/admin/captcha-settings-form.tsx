// "Captcha" on the Integrations screen: the provider (Cloudflare Turnstile or hCaptcha) and its two keys, which let
// built forms ask visitors to complete a check. The secret key is write-only: the screen only says whether one is
// saved, and an empty field keeps it.
import { ShieldAlert, ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, TextField } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { useActionToast } from "~/components/ui/toaster";
import { CAPTCHA_FIELDS } from "~/lib/captcha-settings-form";
import { CAPTCHA_PROVIDER_FACTS, CAPTCHA_PROVIDERS, type CaptchaProvider } from "~/lib/form-builder/captcha";
import type { ActionResult } from "~/lib/forms";

export interface CaptchaSettingsValue {
  provider: CaptchaProvider | null;
  siteKey: string;
  secretSaved: boolean;
  secretUnreadable: boolean;
}

const DASHBOARDS: Record<CaptchaProvider, string> = {
  turnstile: "the Turnstile section of your Cloudflare dashboard",
  hcaptcha: "your hCaptcha dashboard (Sites)",
};

function Status({ settings }: { settings: CaptchaSettingsValue }) {
  if (settings.provider && settings.secretUnreadable)
    return (
      <div
        role="alert"
        className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
      >
        <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p>
          The saved secret key can no longer be read (the server's AUTH_SECRET changed). Paste the secret key
          again; until then, submissions of forms that ask for a captcha are held under Contacts → Spam.
        </p>
      </div>
    );
  if (settings.provider)
    return (
      <p role="status" className="flex gap-2 text-sm text-slate-800">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
        On: {CAPTCHA_PROVIDER_FACTS[settings.provider].label}. Forms ask for it where "Ask for a captcha" is
        ticked.
      </p>
    );
  return (
    <p role="status" className="text-sm text-slate-700">
      Off: no keys saved, so no form asks for a captcha.
    </p>
  );
}

export function CaptchaSettingsForm({ settings }: { settings: CaptchaSettingsValue }) {
  const fetcher = useFetcher<ActionResult>({ key: "captcha-settings" });
  useActionToast(fetcher.data);
  const refused = fetcher.data?.ok === false ? fetcher.data : undefined;
  const errors = refused?.fieldErrors ?? {};
  const typed = refused?.values;
  const [provider, setProvider] = useState<string>(typed?.provider ?? settings.provider ?? "none");
  const [secret, setSecret] = useState("");
  const busy = fetcher.state !== "idle";
  // A saved secret is never shown again: the field empties once the save went through.
  useEffect(() => {
    if (fetcher.data?.ok) setSecret("");
  }, [fetcher.data]);
  const chosen = provider === "none" ? null : (provider as CaptchaProvider);
  const keepsSecret = settings.secretSaved && chosen === settings.provider;

  return (
    <Card>
      <CardHeader className="border-b border-slate-200">
        <CardTitle>Captcha for your forms</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5 pt-5">
        <p className="max-w-prose text-sm text-slate-700">
          A form can ask visitors to complete a check by Cloudflare Turnstile or hCaptcha before sending,
          which stops most spam bots. Add this site in the provider's dashboard, paste its two keys here, then
          tick "Ask for a captcha" on the forms that need it. Only pages showing such a form load the
          provider's script.
        </p>
        <Status settings={settings} />
        <fetcher.Form method="post" noValidate className="max-w-xl space-y-5" key={JSON.stringify(settings)}>
          <input type="hidden" name="intent" value="captcha" />
          <Field id="captcha-provider" label="Provider" error={errors[CAPTCHA_FIELDS.provider]}>
            {(aria) => (
              <Select
                {...aria}
                name={CAPTCHA_FIELDS.provider}
                value={provider}
                onChange={(e) => setProvider(e.target.value)}
              >
                <option value="none">None: forms ask for no captcha</option>
                {CAPTCHA_PROVIDERS.map((p) => (
                  <option key={p} value={p}>
                    {CAPTCHA_PROVIDER_FACTS[p].label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {chosen ? (
            <>
              <TextField
                id="captcha-site-key"
                name={CAPTCHA_FIELDS.siteKey}
                label="Site key"
                hint={`Public: it is part of the pages that show the check. Find it in ${DASHBOARDS[chosen]}.`}
                autoComplete="off"
                spellCheck={false}
                defaultValue={typed?.[CAPTCHA_FIELDS.siteKey] ?? settings.siteKey}
                error={errors[CAPTCHA_FIELDS.siteKey]}
              />
              <TextField
                id="captcha-secret-key"
                name={CAPTCHA_FIELDS.secret}
                type="password"
                label="Secret key"
                hint={
                  keepsSecret
                    ? "A secret key is saved (it is never shown). Leave this empty to keep it, or paste a new one."
                    : "Kept on the server, encrypted, and never shown again. Only the server uses it, to check answers."
                }
                autoComplete="new-password"
                spellCheck={false}
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
                error={errors[CAPTCHA_FIELDS.secret]}
              />
            </>
          ) : null}
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner /> : null}
            {busy ? "Saving..." : "Save captcha"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
