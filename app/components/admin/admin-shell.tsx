// The admin shell: side navigation on wide screens, a collapsible menu on small ones, and Logout.
import {
  Archive,
  BarChart3,
  BookOpen,
  ClipboardList,
  FileText,
  Images,
  KeyRound,
  LayoutDashboard,
  LayoutTemplate,
  LogOut,
  Menu,
  ScrollText,
  Send,
  Settings,
  ShieldCheck,
  Signpost,
  UserPlus,
  Users,
  Webhook,
  X,
} from "lucide-react";
import { useEffect, useState } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { type Capability, can, ROLE_LABELS, type Role } from "~/auth/roles";
import { forgetDrafts } from "~/components/admin/browser-draft";
import { useRealtimeMember } from "~/components/admin/realtime";
import { Logo } from "~/components/site/logo";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/**
 * The side navigation, each entry with the capability its screen's loader asks for: a member sees only what their
 * role can open. Hiding is a courtesy; the server refuses the rest (requireCan, app/auth/permissions.server.ts).
 */
export const adminNav = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, capability: "dashboard.view", end: true },
  { to: "/admin/pages", label: "Pages", icon: LayoutTemplate, capability: "pages.manage" },
  { to: "/admin/forms", label: "Forms", icon: ClipboardList, capability: "forms.manage" },
  { to: "/admin/blog", label: "Blog", icon: FileText, capability: "content.view" },
  { to: "/admin/academy", label: "Academy", icon: BookOpen, capability: "content.view" },
  { to: "/admin/media", label: "Media", icon: Images, capability: "media.manage" },
  { to: "/admin/contacts", label: "Contacts", icon: Users, capability: "leads.view" },
  { to: "/admin/newsletters", label: "Newsletters", icon: Send, capability: "newsletters.manage" },
  { to: "/admin/analytics", label: "Analytics", icon: BarChart3, capability: "analytics.view" },
  { to: "/admin/redirects", label: "Redirects", icon: Signpost, capability: "redirects.manage" },
  { to: "/admin/settings", label: "Settings", icon: Settings, capability: "settings.manage" },
  { to: "/admin/api-keys", label: "API Keys", icon: KeyRound, capability: "api-keys.manage" },
  { to: "/admin/integrations", label: "Integrations", icon: Webhook, capability: "integrations.manage" },
  { to: "/admin/team", label: "Team", icon: UserPlus, capability: "team.manage" },
  { to: "/admin/audit", label: "Audit log", icon: ScrollText, capability: "audit.view" },
  { to: "/admin/backups", label: "Backups", icon: Archive, capability: "backups.manage" },
  { to: "/admin/security", label: "Security", icon: ShieldCheck, capability: "account.own" },
] as const satisfies readonly {
  to: string;
  label: string;
  capability: Capability;
  end?: boolean;
  icon: unknown;
}[];

function NavItems({ role }: { role: Role }) {
  return (
    <ul className="space-y-1">
      {adminNav
        .filter((item) => can(role, item.capability))
        .map(({ to, label, icon: Icon, capability: _, ...rest }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={"end" in rest}
              prefetch="intent"
              className={({ isActive }) =>
                cn(
                  "flex min-h-10 items-center gap-3 rounded-lg px-3 text-sm font-medium",
                  isActive
                    ? "bg-brand-50 text-brand-800"
                    : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                )
              }
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </NavLink>
          </li>
        ))}
    </ul>
  );
}

function LogoutButton() {
  const memberId = useRealtimeMember();
  // Signing out on purpose (perhaps on a shared computer) forgets the unsaved drafts kept in this browser.
  return (
    <Form method="post" action="/admin-auth/sign-out" onSubmit={() => forgetDrafts(memberId)}>
      <Button type="submit" variant="ghost" className="w-full justify-start gap-3 px-3">
        <LogOut aria-hidden />
        Logout
      </Button>
    </Form>
  );
}

export function AdminShell({
  adminEmail,
  role,
  children,
}: {
  adminEmail: string;
  role: Role;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes on every navigation
  useEffect(() => setOpen(false), [location.key]);

  return (
    <div className="min-h-dvh bg-slate-50 lg:flex">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4 lg:hidden">
        <Logo />
        <Button
          variant="ghost"
          size="icon"
          aria-expanded={open}
          aria-controls="admin-mobile-nav"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X aria-hidden /> : <Menu aria-hidden />}
          <span className="sr-only">{open ? "Close admin menu" : "Open admin menu"}</span>
        </Button>
      </header>
      {/* Always in the document, so the button's aria-controls names an element; the menu only while open. */}
      <div id="admin-mobile-nav" className="lg:hidden">
        {open ? (
          <nav aria-label="Admin" className="border-b border-slate-200 bg-white p-3">
            <NavItems role={role} />
            <div className="mt-2 border-t border-slate-200 pt-2">
              <LogoutButton />
            </div>
          </nav>
        ) : null}
      </div>
      <aside className="hidden w-64 shrink-0 flex-col border-r border-slate-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-dvh">
        <div className="flex h-16 items-center px-5">
          <Logo />
        </div>
        <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3">
          <NavItems role={role} />
        </nav>
        <div className="border-t border-slate-200 p-3">
          <p className="truncate px-3 text-xs text-slate-600" title={adminEmail}>
            {adminEmail}
          </p>
          <p className="px-3 pb-2 text-xs font-medium text-slate-700">{ROLE_LABELS[role]}</p>
          <LogoutButton />
        </div>
      </aside>
      <main id="admin-main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-10 lg:py-8">
        {children}
      </main>
    </div>
  );
}

/** The page heading every admin screen starts with. */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
