// The audit log in sentences a person reads: "Priya published "Forecasting without the spreadsheet theater"",
// not `blog.publish`. One sentence per action every audit writer records (app/models/audit.server.ts and its
// callers), and the kinds the audit-log screen filters by. Browser-safe: the dashboard, the audit-log screen and
// the revision history all print through it.

import { CAPTCHA_PROVIDER_FACTS, isCaptchaProvider } from "./form-builder/captcha";
import { SETTINGS_TAB_FIELDS } from "./revision-fields";
import { isSettingsTab, SETTINGS_TAB_LABELS } from "./settings-tabs";

/** The facts of one entry a sentence needs; `who` is the member's name or a description of the actor. */
export interface AuditFacts {
  who: string;
  action: string;
  entity?: string | null;
  details?: Record<string, unknown> | null;
}

/** The kinds of action the audit-log screen filters by, each a set of action prefixes. */
export const AUDIT_KINDS = {
  content: {
    label: "Content",
    prefixes: [
      "blog.",
      "academy.",
      "page.",
      "form.",
      "navigation.",
      "newsletter.",
      "media.",
      "upload.",
      "showcase.",
      "redirect.",
    ],
  },
  leads: {
    label: "Leads",
    prefixes: ["lead.", "leads.", "subscriber.", "person.", "spam."],
  },
  security: { label: "Sign-in and security", prefixes: ["auth."] },
  settings: {
    label: "Settings and integrations",
    prefixes: ["settings.", "notifications.", "captcha.", "webhook.", "api_key.", "not_found.", "backup."],
  },
  team: { label: "Team", prefixes: ["team.", "invitation.", "member."] },
} as const;
export type AuditKind = keyof typeof AUDIT_KINDS;

export function isAuditKind(value: unknown): value is AuditKind {
  return typeof value === "string" && Object.hasOwn(AUDIT_KINDS, value);
}

/**
 * Who an actor is, in words, when no member has its address: the scheduler, the system, an API key, a visitor or
 * an entry from before actors were recorded ("Someone"); otherwise the address itself (a former member, or the
 * address a failed sign-in typed).
 */
export function actorLabel(actor: string | null | undefined, memberName?: string | null): string {
  if (memberName?.trim()) return memberName.trim();
  if (!actor || actor === "anonymous") return "Someone";
  if (actor === "scheduler") return "The publication scheduler";
  if (actor === "system") return "The system";
  if (actor.startsWith("api-key:")) return `An API key (${actor.slice("api-key:".length)}…)`;
  return actor;
}

const CONTENT_NOUN: Record<string, string> = { blog: "post", academy: "academy item" };

/** A role in a sentence: "an editor", "the owner". */
const ROLE_WORD = (role: unknown): string =>
  role === "owner"
    ? "the owner"
    : typeof role === "string" && role
      ? `${/^[aeiou]/.test(role) ? "an" : "a"} ${role}`
      : "a member";

/** Why an invitation was withdrawn with its inviter (app/models/team.server.ts), after the sentence's address. */
const INVITER_GONE: Record<string, (inviter: string) => string> = {
  inviter_removed: (inviter) => ` made by ${inviter}, who left the team`,
  inviter_role_changed: (inviter) => ` made by ${inviter}, who may no longer invite`,
};

const LEAD_NOUN: Record<string, string> = {
  contact_request: "a contact request",
  form_submission: "a demo or dialog lead",
  subscriber: "a newsletter subscriber",
  form_response: "a form submission",
};

const STATUS_WORD: Record<string, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  closed: "Closed",
};

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);
const count = (value: unknown): number => (typeof value === "number" ? value : 0);
const quoted = (value: unknown, fallback: string): string => {
  const t = text(value);
  return t ? `"${t}"` : fallback;
};
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const SETTING_LABELS = new Map(
  Object.values(SETTINGS_TAB_FIELDS)
    .flat()
    .map((f) => [f.key, f.label]),
);
/** A setting's value as the log shows it: a switch on or off, text quoted (a long one cut). */
const settingValue = (value: unknown): string => {
  if (typeof value === "boolean") return value ? "on" : "off";
  const t = String(value ?? "");
  return `"${t.length > 120 ? `${t.slice(0, 119)}…` : t}"`;
};
/** A form save that changed the other sites that may embed it names them (ADR 058). */
const embedSites = (d: Record<string, unknown>): string => {
  if (!Array.isArray(d.allowedOrigins)) return "";
  return d.allowedOrigins.length
    ? `; sites that may embed it: ${d.allowedOrigins.join(", ")}`
    : "; no other site may embed it";
};
const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};

/**
 * "Priya saved the site settings: Meta keywords "a" → "b"": each value before and after, so a teammate's earlier
 * value can be read back and typed in again.
 */
function settingsSentence(who: string, d: Record<string, unknown>, restored = false): string {
  const before = recordOf(d.before);
  const changes = Object.entries(recordOf(d.after)).map(
    ([key, after]) =>
      `${SETTING_LABELS.get(key) ?? key} ${settingValue(before[key])} → ${settingValue(after)}`,
  );
  const links = Array.isArray(d.socialLinks) ? d.socialLinks.length : 0;
  if (links > 0) changes.push(`${plural(links, "social link")} changed`);
  const what = restored
    ? `${who} restored an earlier revision of the ${isSettingsTab(d.tab) ? SETTINGS_TAB_LABELS[d.tab] : "settings"} tab`
    : `${who} saved the site settings`;
  return changes.length > 0 ? `${what}: ${changes.join("; ")}` : what;
}

/** Sign-in and account events (better-auth's hooks and the admin's own actions). */
const AUTH: Record<string, (who: string, d: Record<string, unknown>) => string> = {
  "auth.sign_in.success": (who) => `${who} signed in`,
  "auth.sign_in.second_factor_required": (who) =>
    `${who} entered the right password; a two-factor code was asked`,
  "auth.sign_in.failure": (who, d) =>
    d.reason === "rate_limited_source"
      ? `A sign-in as ${who} was held back: too many attempts from one place`
      : `A sign-in as ${who} failed`,
  "auth.admin_access.granted": (who) => `${who} opened the back office`,
  "auth.admin_access.denied": (who) => `${who} was refused entry to the back office`,
  "auth.sign_out.success": (who) => `${who} signed out`,
  "auth.sign_out.failure": () => "A sign-out failed",
  "auth.two_factor.verify.success": (who) => `${who} confirmed a two-factor code`,
  "auth.two_factor.verify.failure": (who) => `A wrong two-factor code was entered for ${who}`,
  "auth.two_factor.recovery_code.success": (who) => `${who} signed in with a recovery code`,
  "auth.two_factor.recovery_code.failure": (who) => `A wrong recovery code was entered for ${who}`,
  "auth.two_factor.enable.success": (who) => `${who} turned on two-factor sign-in`,
  "auth.two_factor.disable.success": (who) => `${who} turned off two-factor sign-in`,
  "auth.two_factor.recovery_codes_regenerated.success": (who) => `${who} made new recovery codes`,
  "auth.password_reset.request.success": (who) => `${who} asked for a password reset mail`,
  "auth.password_reset.success": (who) => `${who} set a new password with a reset link`,
  "auth.password.changed": (who, d) =>
    d.via === "cli"
      ? `The password of ${who} was set from the command line`
      : d.via === "ADMIN_PASSWORD"
        ? `The password of ${who} was set from ADMIN_PASSWORD`
        : `${who} changed their password`,
  "auth.session.revoked": (who, d) =>
    `${who} signed out a session${text(d.device) ? ` (${text(d.device)})` : ""}`,
  "auth.session.revoked_others": (who, d) => `${who} signed out ${plural(count(d.count), "other session")}`,
};

/** What the auth steps are called in a failure no sentence above names. */
const AUTH_STEP: Record<string, string> = {
  "auth.two_factor.enable": "turning on two-factor sign-in",
  "auth.two_factor.disable": "turning off two-factor sign-in",
  "auth.two_factor.recovery_codes_regenerated": "making new recovery codes",
  "auth.password_reset.request": "a password reset request",
  "auth.password_reset": "a password reset",
  "auth.sign_out": "signing out",
};

function contentSentence(who: string, kind: string, verb: string, d: Record<string, unknown>): string | null {
  const noun = CONTENT_NOUN[kind];
  if (!noun) return null;
  const some = `${noun.startsWith("a") ? "an" : "a"} ${noun}`;
  const title = quoted(d.title, some);
  switch (verb) {
    case "create":
      return d.status === "published" ? `${who} created and published ${title}` : `${who} created ${title}`;
    case "update":
      if (d.statusTo === "published") return `${who} published ${title}`;
      if (d.statusFrom === "published") return `${who} unpublished ${title}`;
      return `${who} edited ${title}`;
    case "publish":
      return `${who} published ${title}`;
    case "draft":
      return `${who} moved ${title} back to drafts`;
    case "delete":
      return `${who} deleted the ${noun} ${title}`;
    case "publish_scheduled":
      return `${title} went live as scheduled`;
    case "preview_create":
      return `${who} shared a preview link of ${text(d.title) ? title : some}`;
    case "preview_revoke":
      return `${who} revoked a preview link of ${text(d.title) ? title : some}`;
    default:
      return null;
  }
}

const SENTENCES: Record<string, (who: string, d: Record<string, unknown>, entity: string) => string> = {
  "lead.status": (who, d, entity) =>
    `${who} moved ${LEAD_NOUN[entity] ?? "a lead"} from ${STATUS_WORD[String(d.before)] ?? d.before} to ${STATUS_WORD[String(d.after)] ?? d.after}`,
  "lead.delete": (who, _d, entity) => `${who} deleted ${LEAD_NOUN[entity] ?? "a lead"}`,
  "subscriber.delete": (who) => `${who} deleted a newsletter subscriber`,
  "lead.assign": (who, d, entity) =>
    `${who} assigned ${LEAD_NOUN[entity] ?? "a lead"} to ${text(d.assigneeName) ?? "a member"}`,
  "lead.unassign": (who, _d, entity) => `${who} took ${LEAD_NOUN[entity] ?? "a lead"} off its owner's list`,
  "lead.note.add": (who) => `${who} added a note about a person`,
  "lead.note.edit": (who) => `${who} edited a note about a person`,
  "lead.note.delete": (who) => `${who} deleted a note about a person`,
  "leads.export": (who, _d, entity) =>
    `${who} exported ${entity ? entity.replaceAll("_", " ") : "leads"} as CSV`,
  "person.erase": (who) => `${who} erased a person and everything kept about them`,
  "spam.delete": (who) => `${who} deleted a submission held as spam`,
  "spam.restore": (who) => `${who} marked a held submission as not spam`,
  "upload.create": (who, d) =>
    d.existing ? `${who} uploaded a file the library already had` : `${who} uploaded a file`,
  "media.update": (who, d) => `${who} edited the details of ${quoted(d.title, "a file")}`,
  "media.delete": (who, d) => `${who} deleted ${quoted(d.title, "a file")} from the media library`,
  "media.import": (who, d) => `${who} added ${plural(count(d.count), "earlier upload")} to the media library`,
  "showcase.create": (who, d) => `${who} added ${quoted(d.title, "an item")} to the showcase`,
  "showcase.activate": (who, d) => `${who} showed ${quoted(d.title, "an item")} in the showcase`,
  "showcase.deactivate": (who, d) => `${who} hid ${quoted(d.title, "an item")} from the showcase`,
  "showcase.update": (who, d) => `${who} edited ${quoted(d.title, "an item")} in the showcase`,
  "showcase.reorder": (who) => `${who} reordered the showcase`,
  "showcase.delete": (who, d) => `${who} removed ${quoted(d.title, "an item")} from the showcase`,
  "redirect.create": (who, d) =>
    `${who} added a redirect from ${text(d.from) ?? "a path"} to ${text(d.to) ?? "…"}`,
  "redirect.update": (who, d) =>
    `${who} pointed the redirect from ${text(d.from) ?? "a path"} to ${text(d.to) ?? "…"}`,
  "redirect.delete": (who, d) => `${who} removed the redirect from ${text(d.from) ?? "a path"}`,
  "api_key.create": (who, d) => `${who} created the API key ${quoted(d.keyName, "")}`.trimEnd(),
  "api_key.activate": (who, d) => `${who} turned on the API key ${quoted(d.keyName, "")}`.trimEnd(),
  "api_key.deactivate": (who, d) => `${who} turned off the API key ${quoted(d.keyName, "")}`.trimEnd(),
  "api_key.delete": (who, d) => `${who} deleted the API key ${quoted(d.keyName, "")}`.trimEnd(),
  "backup.request": (who) => `${who} started a backup`,
  "backup.download": (who, d) => `${who} downloaded the backup ${quoted(d.name, "")}`.trimEnd(),
  "webhook.create": (who, d) => `${who} added the webhook endpoint ${text(d.url) ?? ""}`.trimEnd(),
  "webhook.update": (who, d) => `${who} edited the webhook endpoint ${text(d.url) ?? ""}`.trimEnd(),
  "webhook.rotate_secret": (who) => `${who} made a new signing secret for a webhook endpoint`,
  "webhook.activate": (who) => `${who} turned on a webhook endpoint`,
  "webhook.deactivate": (who) => `${who} turned off a webhook endpoint`,
  "webhook.delete": (who, d) => `${who} deleted the webhook endpoint ${text(d.url) ?? ""}`.trimEnd(),
  "not_found.dismiss": (who) => `${who} dismissed a path in the 404 monitor`,
  "not_found.clear": (who, d) => `${who} cleared ${plural(count(d.paths), "path")} from the 404 monitor`,
  "notifications.save": (who) => `${who} changed the lead notifications`,
  "captcha.save": (who, d) =>
    isCaptchaProvider(d.provider)
      ? `${who} saved the captcha keys (${CAPTCHA_PROVIDER_FACTS[d.provider].label})`
      : `${who} turned the forms' captcha off`,
  "settings.save": (who, d) => settingsSentence(who, d),
  "settings.restore": (who, d) => settingsSentence(who, d, true),
  "navigation.update": (who) => `${who} changed the site's menu and footer`,
  "page.create": (who, d) => `${who} created the page ${text(d.path) ?? ""}`.trimEnd(),
  "page.update": (who, d) => `${who} edited the page ${text(d.path) ?? ""}`.trimEnd(),
  "page.delete": (who, d) => `${who} deleted the page ${text(d.path) ?? ""}`.trimEnd(),
  "form.create": (who, d) => `${who} created the form ${quoted(d.name, "")}`.trimEnd() + embedSites(d),
  "form.update": (who, d) => `${who} edited the form ${quoted(d.name, "")}`.trimEnd() + embedSites(d),
  "form.restore": (who, d) =>
    `${who} restored an earlier revision of the form ${quoted(d.name, "")}`.trimEnd() + embedSites(d),
  "form.delete": (who, d) =>
    `${who} deleted the form ${quoted(d.name, "")} and its submissions`.replace("  ", " "),
  "page.preview_create": (who) => `${who} shared a preview link of a page`,
  "page.preview_revoke": (who) => `${who} revoked a preview link of a page`,
  "newsletter.settings": (who) => `${who} changed the newsletter settings`,
  "newsletter.update": (who) => `${who} saved a newsletter draft`,
  "newsletter.restore": (who) => `${who} restored an earlier revision of a newsletter draft`,
  "newsletter.test": (who, d) => `${who} sent a test of a newsletter to ${text(d.to) ?? "themselves"}`,
  "subscriber.import": (who, d) =>
    `${who} imported a subscriber list${text(d.fileName) ? ` (${text(d.fileName)})` : ""} of ${plural(count(d.rows), "row")}, stating that these people agreed to receive the newsletter`,
  "subscriber.import_done": (who, d) =>
    `${who}'s subscriber import finished: ${count(d.imported)} imported, ${count(d.merged)} merged, ${count(d.skipped)} skipped, ${count(d.invalid)} invalid`,
  "subscriber.unsubscribed_by_hand": (who) => `${who} unsubscribed a subscriber who asked by mail`,
  "subscriber.suppression_lifted": (who, d) =>
    `${who} lifted a subscriber's suppression${text(d.was) ? ` (${text(d.was)})` : ""}`,
  "team.invitation.created": (who, d) =>
    `${who} invited ${text(d.email) ?? "someone"}${text(d.role) ? ` as ${ROLE_WORD(d.role)}` : ""}`,
  "team.invitation.resent": (who, d) => `${who} sent the invitation to ${text(d.email) ?? "someone"} again`,
  "team.invitation.revoked": (who, d) =>
    `${who} withdrew the invitation to ${text(d.email) ?? "someone"}${INVITER_GONE[String(d.reason)]?.(text(d.invitedBy) ?? "its inviter") ?? ""}`,
  "team.invitation.accepted": (who, d) =>
    `${who} accepted the invitation${text(d.role) ? ` and joined as ${ROLE_WORD(d.role)}` : ""}`,
  "team.invitation.sign_in_failed": (who) => `${who} accepted an invitation but could not be signed in`,
  "team.member.role_changed": (who, d) =>
    `${who} made ${text(d.email) ?? "a member"} ${ROLE_WORD(d.to)}${text(d.from) ? ` (was ${ROLE_WORD(d.from)})` : ""}`,
  "team.member.removed": (who, d) => `${who} removed ${text(d.email) ?? "a member"} from the team`,
  "team.owner.demoted": (who, d) =>
    `${who} made ${text(d.email) ?? "the previous owner"} an administrator when ${text(d.owner) ?? "another account"} became the owner`,
  "team.two_factor_required": (who, d) =>
    d.on === false
      ? `${who} stopped requiring two-factor sign-in for the team`
      : `${who} required two-factor sign-in for everyone on the team`,
};

/** A dotted action no sentence knows yet, in words: "team.member_removed" → "team: member removed". */
function fallback(who: string, action: string): string {
  const [area, ...rest] = action.split(".");
  return `${who}: ${[area, rest.join(" ")].filter(Boolean).join(": ").replaceAll("_", " ")}`;
}

/** The sentence of one audit entry. */
export function auditSentence({ who, action, entity, details }: AuditFacts): string {
  const d = details ?? {};
  const auth = AUTH[action];
  if (auth) return auth(who, d);
  if (action.startsWith("auth.") && action.endsWith(".failure")) {
    const step = AUTH_STEP[action.slice(0, -".failure".length)];
    if (step) return `${step[0]?.toUpperCase()}${step.slice(1)} by ${who} failed`;
  }
  if (action.startsWith("auth.") && action.endsWith(".success")) {
    const step = AUTH_STEP[action.slice(0, -".success".length)];
    if (step) return `${who}: ${step}`;
  }
  const dot = action.indexOf(".");
  const content = dot > 0 ? contentSentence(who, action.slice(0, dot), action.slice(dot + 1), d) : null;
  if (content) return content;
  const sentence = SENTENCES[action];
  return sentence ? sentence(who, d, entity ?? "") : fallback(who, action);
}
