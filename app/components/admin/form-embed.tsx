// A built form on other websites (ADR 058), on the form's screen: the sites that may embed it (a part of the
// settings card's one save, editable by administrators and the owner, shown to the others), and the snippet a
// marketer pastes into another site's page, with a copy button.
import { CopyButton } from "~/components/admin/api-key-copy";
import { Card } from "~/components/ui/card";
import { TextareaField } from "~/components/ui/field";
import { embedSnippet, MAX_ALLOWED_ORIGINS } from "~/lib/form-builder/embedding";
import type { FormHead } from "./form-settings";

/** The list of sites, one per line, in the settings card. */
export function FormEmbedOrigins({
  head,
  set,
  editable,
  error,
}: {
  head: FormHead;
  set: (patch: Partial<FormHead>) => void;
  /** False for a member who may not change it: shown, not editable, and kept by the server whatever is sent. */
  editable: boolean;
  error?: string;
}) {
  if (!editable) {
    const sites = head.allowedOrigins.split("\n").filter(Boolean);
    return (
      <div className="space-y-2 border-t border-slate-200 pt-4">
        <h3 className="font-semibold text-slate-900">Sites that may embed this form</h3>
        <p className="text-sm break-words text-slate-700">
          {sites.length ? sites.join(", ") : "Only this site."} Administrators and the owner change this.
        </p>
      </div>
    );
  }
  return (
    <div className="border-t border-slate-200 pt-4">
      <TextareaField
        id="form-allowed-origins"
        label="Sites that may embed this form"
        hint={`One per line, at most ${MAX_ALLOWED_ORIGINS}: the address without a path, such as https://partner.example or http://localhost:4000. Only these sites (and this one) can show the form and send it.`}
        rows={3}
        value={head.allowedOrigins}
        error={error}
        onChange={(e) => set({ allowedOrigins: e.target.value })}
        spellCheck={false}
      />
    </div>
  );
}

/** The snippet for another site's page, for a saved form, with what still stops it from showing there. */
export function FormEmbedSnippet({
  formId,
  siteUrl,
  status,
  allowedOrigins,
}: {
  formId: string;
  /** The site's public address (BASE_URL). */
  siteUrl: string;
  /** As saved. */
  status: string;
  allowedOrigins: string[];
}) {
  const snippet = embedSnippet(siteUrl, formId);
  return (
    <Card className="p-4">
      <h2 id="embed-heading" className="text-lg font-semibold text-slate-900">
        Put this form on another website
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Paste this where the form should appear. It shows the form in a frame that grows with it; submissions
        come here like any other, naming the page they were sent from.
      </p>
      <div className="mt-3">
        <TextareaField
          id="embed-snippet"
          label="Embed snippet"
          readOnly
          rows={7}
          value={snippet}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-xs"
          spellCheck={false}
        />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <CopyButton text={snippet} label="Copy snippet" successMessage="Snippet copied" />
      </div>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {status === "draft" ? <li>A draft shows nowhere: open the form first.</li> : null}
        <li>
          {allowedOrigins.length
            ? `It shows on ${allowedOrigins.join(", ")}; any other site's frame stays empty and its submissions are refused.`
            : "No other site is listed yet: until one is, browsers show the form only on this site."}
        </li>
      </ul>
    </Card>
  );
}
