// The form editor's "Ask for a captcha": offered once an administrator has saved a provider's keys (Integrations →
// Captcha); until then the editor says so, and a form that asked for it keeps its choice for when keys return.
import { CAPTCHA_PROVIDER_FACTS, type CaptchaProvider } from "~/lib/form-builder/captcha";
import { Check } from "./form-routing-fields";

export function FormCaptchaField({
  provider,
  checked,
  onChange,
}: {
  /** The provider whose keys are saved; null: none. */
  provider: CaptchaProvider | null;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  if (!provider)
    return (
      <p className="text-sm text-slate-700">
        Ask for a captcha: not set up yet. An administrator adds a provider's keys under Integrations →
        Captcha.
      </p>
    );
  return (
    <div>
      <Check label="Ask for a captcha" checked={checked} onChange={onChange} />
      <p className="text-xs text-slate-600">
        Visitors complete a {CAPTCHA_PROVIDER_FACTS[provider].label} check before sending; the server checks
        it with the provider. Submissions through the content API need none.
      </p>
    </div>
  );
}
