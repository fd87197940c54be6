// A webhook endpoint's form fields (its URL and the events it receives), shared by "Add endpoint" and the edit
// dialog, which saves them against the version it loaded (versioned-edit.tsx).
import { Pencil } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { EDIT_SUBJECTS } from "~/lib/edit-subjects";
import type { FieldErrors } from "~/lib/forms";
import { VersionedEditDialog } from "./versioned-edit";

export function EndpointFields({
  idPrefix,
  events,
  url,
  chosen,
  errors,
}: {
  idPrefix: string;
  /** Every event an endpoint may receive. */
  events: readonly string[];
  url: string;
  /** The events ticked to begin with. */
  chosen: readonly string[];
  errors: FieldErrors;
}) {
  const errorId = `${idPrefix}-events-error`;
  return (
    <>
      <Field id={`${idPrefix}-url`} label="Endpoint URL" error={errors.url}>
        {(aria) => (
          <Input
            {...aria}
            name="url"
            type="url"
            inputMode="url"
            placeholder="https://example.com/hooks"
            defaultValue={url}
            autoComplete="off"
          />
        )}
      </Field>
      <fieldset aria-describedby={errors.events ? errorId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-900">Events</legend>
        {events.map((event) => (
          <label key={event} className="flex min-h-10 items-center gap-2 font-mono text-sm text-slate-800">
            <input
              type="checkbox"
              name="events"
              value={event}
              defaultChecked={chosen.includes(event)}
              className="size-4 accent-slate-900"
            />
            {event}
          </label>
        ))}
        {errors.events ? (
          <p id={errorId} className="mt-1 text-sm text-red-700">
            {errors.events}
          </p>
        ) : null}
      </fieldset>
    </>
  );
}

const mineOf = (form: FormData) => ({
  url: String(form.get("url") ?? "").trim(),
  events: form.getAll("events").map(String),
});

export interface EditedEndpoint {
  id: string;
  url: string;
  events: string[];
  version: string;
}

export function EditEndpointDialog({
  endpoint,
  events,
  timeZone,
}: {
  endpoint: EditedEndpoint;
  events: readonly string[];
  timeZone: string;
}) {
  return (
    <VersionedEditDialog
      item={endpoint}
      trigger={
        <Button variant="outline" size="sm">
          <Pencil aria-hidden />
          Edit<span className="sr-only"> {endpoint.url}</span>
        </Button>
      }
      title="Edit webhook endpoint"
      description="The signing secret stays the same; the next event goes to the URL saved here."
      subject={EDIT_SUBJECTS.webhook}
      intent="update"
      timeZone={timeZone}
      mineOf={mineOf}
      saveLabel="Save endpoint"
      fields={(shown, errors) => (
        <EndpointFields
          idPrefix={`webhook-edit-${endpoint.id}`}
          events={events}
          url={String(shown.url ?? "")}
          chosen={Array.isArray(shown.events) ? shown.events.map(String) : []}
          errors={errors}
        />
      )}
    />
  );
}
