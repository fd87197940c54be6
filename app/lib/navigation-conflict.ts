// The site navigation as the edit-conflict notice compares it (app/components/admin/edit-conflict.tsx): the header
// menu and the footer columns each as lines of text, "Label → address", plus the navigation itself, which "Load
// their version" puts back in the editor. Browser-safe.
import type { RevisionField } from "./revision-fields";
import type { NavLinkItem, SiteNavigation } from "./site-navigation";

export const NAVIGATION_CONFLICT_FIELDS: readonly RevisionField[] = [
  { key: "header", label: "Header menu", shape: "text" },
  { key: "footer", label: "Footer columns", shape: "text" },
];

const line = (link: NavLinkItem) => `${link.label} → ${link.href}`;

export function navigationSnapshot(nav: SiteNavigation): Record<string, unknown> {
  return {
    header: nav.header.map(line).join("\n"),
    footer: nav.footer.map((c) => `${c.title}: ${c.links.map(line).join(", ")}`).join("\n"),
    navigation: nav,
  };
}
