// /admin: real figures from the database, quick actions, and the latest audit entries.
import { ArrowRight, BookOpen, Eye, FileText, Inbox, Mail, Settings, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import { requireCan } from "~/auth/permissions.server";
import { can } from "~/auth/roles";
import { AdminPageHeader, adminNav } from "~/components/admin/admin-shell";
import { useLiveLeads } from "~/components/admin/contacts-live";
import { Sparkline } from "~/components/admin/sparkline";
import { formatCount, StatGrid } from "~/components/admin/stat-card";
import { buttonVariants } from "~/components/ui/button-variants";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { actorLabel, auditSentence } from "~/lib/audit-sentences";
import { adminTitle } from "~/lib/brand";
import { formatDayRange, formatRecent, formatShortDate } from "~/lib/dates";
import { latestAudit } from "~/models/audit.server";
import { type DashboardTraffic, dashboardStats, dashboardTraffic } from "~/models/dashboard.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [{ title: adminTitle("Dashboard") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireCan({ request, context }, "dashboard.view");
  // Members who may not read the audit log see their own activity only.
  const everyone = can(admin.role, "audit.view");
  const [stats, traffic, audit] = await Promise.all([
    dashboardStats(),
    dashboardTraffic(),
    latestAudit(10, everyone ? {} : { actor: admin.email }),
  ]);
  return {
    role: admin.role,
    stats,
    traffic,
    audit: audit.map((a) => ({
      id: a.id,
      at: a.at,
      sentence: auditSentence({
        who: actorLabel(a.actor, a.memberName),
        action: a.action,
        entity: a.entity,
        details: a.details,
      }),
    })),
    auditLink: everyone,
  };
}

// Shortcuts to sections of the side navigation, with its icons.
const quickActions = (
  [
    ["/admin/contacts", "View contacts"],
    ["/admin/blog", "Manage blog"],
    ["/admin/academy", "Manage academy"],
    ["/admin/analytics", "View analytics"],
    ["/admin/settings", "Site settings"],
  ] as const
).map(([to, label]) => {
  const entry = adminNav.find((item) => item.to === to);
  return { to, label, icon: entry?.icon ?? Settings, capability: entry?.capability ?? "settings.manage" };
});

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, traffic, audit, role, auditLink } = loaderData;
  // The lead counters follow new leads as they come in (for the roles that see leads).
  useLiveLeads(can(role, "leads.view"));
  return (
    <>
      <AdminPageHeader title="Dashboard" description="Overview of your website" />
      <TrafficCard traffic={traffic} />
      <StatGrid
        label="Statistics"
        columns={3}
        figures={[
          {
            label: "Blog posts",
            icon: FileText,
            value: stats.posts.total,
            detail: `${formatCount(stats.posts.published)} published${stats.posts.scheduled ? ` · ${formatCount(stats.posts.scheduled)} scheduled` : ""} · ${formatCount(stats.posts.draft)} draft${stats.posts.archived ? ` · ${formatCount(stats.posts.archived)} archived` : ""}`,
          },
          {
            label: "Academy content",
            icon: BookOpen,
            value: stats.academy.total,
            detail: `${formatCount(stats.academy.published)} published${stats.academy.scheduled ? ` · ${formatCount(stats.academy.scheduled)} scheduled` : ""}`,
          },
          { label: "Academy views", icon: Eye, value: stats.totalViews, detail: "Views of academy content" },
          {
            label: "Contact requests",
            icon: Inbox,
            value: stats.contacts.total,
            detail: `${formatCount(stats.contacts.new)} new`,
          },
          { label: "Subscribers", icon: Mail, value: stats.subscribers, detail: "Newsletter subscribers" },
          {
            label: "Leads (last 7 days)",
            icon: TrendingUp,
            value: stats.leadsLast7Days,
            detail: "Contact requests, subscribers and demo requests",
          },
        ]}
      />

      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_2fr]">
        <Card>
          <CardHeader>
            <CardTitle>Quick actions</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2">
              {quickActions
                .filter(({ capability }) => can(role, capability))
                .map(({ to, label, icon: Icon }) => (
                  <li key={to}>
                    <Link
                      to={to}
                      prefetch="intent"
                      className={buttonVariants({ variant: "outline", className: "w-full justify-start" })}
                    >
                      <Icon aria-hidden />
                      {label}
                    </Link>
                  </li>
                ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex flex-row items-baseline justify-between gap-4">
            <CardTitle>{auditLink ? "Recent activity" : "Your recent activity"}</CardTitle>
            {auditLink ? (
              <Link
                to="/admin/audit"
                prefetch="intent"
                className="inline-flex min-h-9 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
              >
                Full audit log
                <ArrowRight className="size-4" aria-hidden />
              </Link>
            ) : null}
          </CardHeader>
          <CardContent>
            {audit.length === 0 ? (
              <p className="text-sm text-slate-600">No activity recorded yet.</p>
            ) : (
              <ol className="divide-y divide-slate-100" data-testid="audit-list">
                {audit.map((entry) => (
                  <li
                    key={entry.id}
                    className="flex flex-col gap-0.5 py-2.5 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
                  >
                    <span className="min-w-0 break-words text-slate-800">{entry.sentence}</span>
                    <span className="shrink-0 text-xs text-slate-600">
                      <time dateTime={entry.at.toISOString()}>{formatRecent(entry.at)}</time>
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

/** Visitors, page views and leads of the last 30 days, with a line of visitors per day. */
function TrafficCard({ traffic }: { traffic: DashboardTraffic }) {
  const visitors = traffic.daily.map((d) => d.visitors);
  const busiest = traffic.daily.reduce<(typeof traffic.daily)[number] | undefined>(
    (top, d) => (!top || d.visitors > top.visitors ? d : top),
    undefined,
  );
  const range = formatDayRange(traffic.range.from, traffic.range.to);
  const label =
    traffic.visitors === 0 || !busiest
      ? `Visitors per day, ${range}: none yet.`
      : `Visitors per day, ${range}: ${formatCount(traffic.visitors)} in all; the busiest day was ${formatShortDate(busiest.day)} with ${formatCount(busiest.visitors)}.`;
  const figures = [
    ["Visitors", traffic.visitors],
    ["Page views", traffic.views],
    ["Leads", traffic.leads],
  ] as const;
  return (
    <Card className="mb-6 p-5" data-testid="traffic-card">
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Website traffic</h2>
          <p className="text-xs text-slate-600">Last 30 days · {range} (UTC)</p>
        </div>
        <Link
          to="/admin/analytics"
          prefetch="intent"
          className="inline-flex min-h-9 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          Open analytics
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      <div className="mt-4 grid gap-5 md:grid-cols-[auto_1fr] md:items-end">
        <dl className="grid grid-cols-3 gap-4 md:gap-8">
          {figures.map(([name, value]) => (
            <div key={name}>
              <dt className="text-xs font-medium text-slate-600">{name}</dt>
              <dd className="mt-0.5 text-2xl font-bold tracking-tight text-slate-900 tabular-nums">
                {formatCount(value)}
              </dd>
            </div>
          ))}
        </dl>
        <Sparkline values={visitors} label={label} className="h-14 w-full" />
      </div>
    </Card>
  );
}
