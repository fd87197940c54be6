// The site navigation editor on the Pages screen: the header menu's links and the footer's columns (label and a
// page path or address, in order). Saved as a whole; the server checks it and answers with messages by field.
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { FieldSpec } from "~/blocks/fields";
import { BlockFields, type Value } from "~/components/admin/page-fields";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { useActionToast } from "~/components/ui/toaster";
import type { ActionResult } from "~/lib/forms";
import type { SiteNavigation } from "~/lib/site-navigation";

export function NavigationEditor({
  navigation,
  fields,
  result,
}: {
  navigation: SiteNavigation;
  fields: readonly FieldSpec[];
  result?: ActionResult;
}) {
  const [value, setValue] = useState<Value>(navigation as unknown as Value);
  const busy = useNavigation();
  const saving = busy.state !== "idle" && busy.formData?.get("intent") === "navigation";
  const mine = result?.intent === "navigation" ? result : undefined;
  useActionToast(mine);
  const errors = (mine && !mine.ok ? (mine.fieldErrors ?? {}) : {}) as Record<string, string | undefined>;
  const formRef = useRef<HTMLFormElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  // Saving disables the button, which drops the keyboard's focus to the page's top. Once the answer is in, the
  // focus goes to the first field in error, or back to the button (enabled again once the page has reloaded).
  useEffect(() => {
    if (!mine || saving || (document.activeElement && document.activeElement !== document.body)) return;
    (formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? saveRef.current)?.focus();
  }, [mine, saving]);
  return (
    <Card className="mt-6 p-4">
      <h2 className="text-lg font-semibold text-slate-900">Site navigation</h2>
      <p className="mt-1 text-sm text-slate-700">
        The header menu and the footer columns on every public page. Links to the blog are hidden while the
        blog is off.
      </p>
      <Form ref={formRef} method="post" className="mt-4 space-y-4" aria-label="Site navigation">
        <input type="hidden" name="intent" value="navigation" />
        <input type="hidden" name="navigation" value={JSON.stringify(value)} />
        <BlockFields
          fields={fields}
          value={value}
          onChange={(path, next) => setValue((current) => ({ ...current, [path]: next }))}
          errors={errors}
          idPrefix="nav"
          errorPrefix="nav"
        />
        <Button ref={saveRef} type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save navigation"}
        </Button>
      </Form>
    </Card>
  );
}
