// The team's roles and what each may do: the one list every server check asks ("may this member do this?") and the
// navigation reads to hide what a role cannot open. The matrix in words is docs/product.md, "Who may do what".
// Shared with the browser (labels, navigation), so it holds no secrets and no database access.

export const ROLES = ["owner", "administrator", "editor", "author", "contributor", "sales"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  administrator: "Administrator",
  editor: "Editor",
  author: "Author",
  contributor: "Contributor",
  sales: "Sales",
};

export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: "Everything, and cannot be removed or demoted.",
  administrator: "Everything except removing or demoting the owner, and backups.",
  editor:
    "All content, anyone's: pages, forms, blog, academy, media, redirects, previews, scheduling and newsletters.",
  author: "Writes, publishes and schedules their own posts and academy items.",
  contributor: "Writes drafts and shares previews; cannot publish.",
  sales: "The contacts inbox, people, notes, statuses, exports and Analytics.",
};

// Capabilities in the groups roles are granted by. Content capabilities come in two scopes: `any` (anyone's item)
// and `own` (items the member created); a member with the `any` capability also has the `own` one.

/** Every member's: the dashboard and their own account (password, two-factor, sessions). */
const EVERY_MEMBER = ["dashboard.view", "account.own"] as const;

/** All content, anyone's: editors and above. */
const CONTENT_ANY = [
  "content.view",
  "content.create",
  "content.edit.own",
  "content.edit.any",
  "content.publish.own",
  "content.publish.any",
  "content.delete.own",
  "content.delete.any",
  "content.preview",
  "media.manage",
  "redirects.manage",
  // The pages that sell and the site's navigation: editors and above, not authors (they own only their items).
  "pages.manage",
  // Sending to subscribers is editorial work: whoever may publish anything may send a newsletter.
  "newsletters.manage",
  // The forms the pages carry: built by whoever builds the pages.
  "forms.manage",
] as const;

/** Leads and analytics: sales and above. */
const LEADS = ["leads.view", "leads.work", "leads.export", "leads.assignee", "analytics.view"] as const;

/** Site administration: the owner and administrators. */
const ADMINISTRATION = [
  "settings.manage",
  "api-keys.manage",
  "integrations.manage",
  "team.manage",
  "audit.view",
] as const;

/**
 * The owner's alone: backups hold every account's password hash and session, the auth secret and every lead, so
 * downloading one is worth the whole site (docs/decisions/053-scheduled-backups.md).
 */
const OWNER_ONLY = ["backups.manage"] as const;

/** Everything a role can be allowed to do. */
export const CAPABILITIES = [
  ...EVERY_MEMBER,
  ...CONTENT_ANY,
  ...LEADS,
  ...ADMINISTRATION,
  ...OWNER_ONLY,
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const GRANTS: Record<Role, ReadonlySet<Capability>> = {
  owner: new Set([...EVERY_MEMBER, ...CONTENT_ANY, ...LEADS, ...ADMINISTRATION, ...OWNER_ONLY]),
  administrator: new Set([...EVERY_MEMBER, ...CONTENT_ANY, ...LEADS, ...ADMINISTRATION]),
  editor: new Set([...EVERY_MEMBER, ...CONTENT_ANY]),
  // Authors use the media library for their own items' images; "delete own" covers their drafts and published items.
  author: new Set([
    ...EVERY_MEMBER,
    "content.view",
    "content.create",
    "content.edit.own",
    "content.publish.own",
    "content.delete.own",
    "content.preview",
    "media.manage",
  ]),
  // Contributors write drafts: "delete own" is limited to items never published (checked where the item is known).
  contributor: new Set([
    ...EVERY_MEMBER,
    "content.view",
    "content.create",
    "content.edit.own",
    "content.delete.own",
    "content.preview",
  ]),
  sales: new Set([...EVERY_MEMBER, ...LEADS]),
};

/** Whether the role has the capability. Unknown roles (a value from an older or newer version) have none. */
export function can(role: Role | string | null | undefined, capability: Capability): boolean {
  if (!isRole(role)) return false;
  return GRANTS[role].has(capability);
}

/** The roles that have a capability, in the list's order: what a 403 page names ("Editors and … can do this"). */
export function rolesWith(capability: Capability): Role[] {
  return ROLES.filter((role) => GRANTS[role].has(capability));
}

/** "owners, administrators and editors": the roles with a capability, in words. */
export function rolesInWords(capability: Capability): string {
  const names = rolesWith(capability).map((role) => `${ROLE_LABELS[role].toLowerCase()}s`);
  if (names.length <= 1) return names[0] ?? "nobody";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** What a forbidden screen or action says: which roles may do it. */
export function forbiddenMessage(capability: Capability): string {
  if (rolesWith(capability).join() === "owner") return "Only the owner can do this.";
  const who = rolesInWords(capability);
  return `Only ${who} can do this. Ask the owner or an administrator if you need it.`;
}

/** A refusal by role, thrown by a model that checks it where the item is known (routes answer it with a 403). */
export class ForbiddenError extends Error {
  constructor(readonly capability: Capability) {
    super(forbiddenMessage(capability));
    this.name = "ForbiddenError";
  }
}

/** The member a content write is made by (from the guard's AdminIdentity). */
export interface ContentMember {
  userId: string;
  role: Role;
}

/** What the content rules need to know about an item. created_by null (older rows) counts as the owner's. */
export interface ContentItemFacts {
  createdBy: string | null;
  status: string;
}

export type ContentAct = "edit" | "publish" | "delete";

/**
 * Whether the member may `act` on `item`; the capability they lack (for the 403's message) or null when allowed.
 * Authors and contributors act on their own items only; a contributor (no publish right) may not publish, may not
 * change an item that is published (that would change what visitors see) and may not delete it once published.
 */
export function contentRefusal(
  member: ContentMember,
  item: ContentItemFacts,
  act: ContentAct,
): Capability | null {
  const owns = item.createdBy !== null && item.createdBy === member.userId;
  const mayPublish =
    can(member.role, "content.publish.any") || (owns && can(member.role, "content.publish.own"));
  const live = item.status === "published";
  if (act === "publish") {
    if (mayPublish) return null;
    return can(member.role, "content.publish.own") ? "content.publish.any" : "content.publish.own";
  }
  const [any, own] =
    act === "edit"
      ? (["content.edit.any", "content.edit.own"] as const)
      : (["content.delete.any", "content.delete.own"] as const);
  if (can(member.role, any)) return null;
  if (!owns || !can(member.role, own)) return any;
  if (live && !mayPublish) return "content.publish.own";
  return null;
}
