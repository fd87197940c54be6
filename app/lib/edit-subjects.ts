// The list items whose edit forms carry the version they loaded (app/lib/edit-conflict.ts), as the conflict notice
// names them: the noun ("Dana saved this redirect at …"), the fields it compares, in form order, and what the form
// says when the item was deleted meanwhile. Browser-safe.
import type { RevisionField } from "./revision-fields";

export interface EditSubject {
  noun: string;
  fields: readonly RevisionField[];
  /** The refusal of a save whose item was deleted since the form loaded it (answered with a 404). */
  gone: string;
}

const subject = (noun: string, fields: readonly RevisionField[]): EditSubject => ({
  noun,
  fields,
  gone: `Not saved: someone deleted this ${noun} meanwhile.`,
});

export const EDIT_SUBJECTS = {
  showcase: subject("showcase item", [
    { key: "title", label: "Title", shape: "text" },
    { key: "mediaType", label: "Media type", shape: "text" },
    { key: "mediaUrl", label: "Media URL", shape: "text" },
    { key: "description", label: "Description", shape: "text" },
  ]),
  media: subject("file", [
    { key: "altText", label: "Alt text", shape: "text" },
    { key: "title", label: "Title", shape: "text" },
  ]),
  redirect: subject("redirect", [
    { key: "fromPath", label: "From path", shape: "text" },
    { key: "toUrl", label: "Redirect to", shape: "text" },
    { key: "statusCode", label: "Type", shape: "text" },
  ]),
  form: subject("form", [
    { key: "name", label: "Name", shape: "text" },
    { key: "definition", label: "Fields and success", shape: "form" },
    { key: "status", label: "Status", shape: "text" },
    { key: "opensAt", label: "Opens", shape: "date" },
    { key: "closesAt", label: "Closes", shape: "date" },
    { key: "maxSubmissions", label: "Most submissions", shape: "text" },
    { key: "closedMessage", label: "Message when closed", shape: "text" },
    { key: "blockedDomains", label: "Refused domains", shape: "tags" },
    { key: "captcha", label: "Ask for a captcha", shape: "flag" },
    { key: "routing", label: "Who hears of submissions", shape: "routing" },
    { key: "retentionDays", label: "Days submissions are kept", shape: "text" },
    { key: "allowedOrigins", label: "Sites that may embed it", shape: "tags" },
  ]),
  webhook: subject("endpoint", [
    { key: "url", label: "Endpoint URL", shape: "text" },
    { key: "events", label: "Events", shape: "tags" },
  ]),
} as const satisfies Record<string, EditSubject>;
