// /admin/analytics: the four cards (docs/product.md, Analytics) with the database figures, plus setup hints.
import { BookOpen, Eye, FileText, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import { adminFor } from "~/auth/admin-context.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { formatCount, StatGrid } from "~/components/admin/stat-card";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { adminTitle } from "~/lib/brand";
import { formatGrowth } from "~/lib/growth";
import { analyticsFigures } from "~/models/dashboard.server";
import type { Route } from "./+types/analytics";

export function meta() {
  return [{ title: adminTitle("Analytics") }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await adminFor({ request, context });
  const figures = await analyticsFigures();
  return { figures, growth: formatGrowth(figures.leadsThisMonth, figures.leadsLastMonth) };
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const f = loaderData.figures;
  return (
    <>
      <AdminPageHeader title="Analytics" description="How your content and lead capture are doing." />
      <StatGrid
        label="Figures"
        columns={4}
        figures={[
          { label: "Total Views", icon: Eye, value: f.totalViews, detail: "Views of academy content" },
          {
            label: "Blog Posts",
            icon: FileText,
            value: f.blogPosts.total,
            detail: `${formatCount(f.blogPosts.published)} published`,
          },
          {
            label: "Academy Content",
            icon: BookOpen,
            value: f.academy.total,
            detail: `${formatCount(f.academy.published)} published`,
          },
          {
            label: "Growth Rate",
            icon: TrendingUp,
            value: loaderData.growth,
            detail: `Leads this month: ${formatCount(f.leadsThisMonth)} · last month: ${formatCount(f.leadsLastMonth)}`,
          },
        ]}
      />
      <Card className="mt-8">
        <CardHeader>
          <CardTitle>Set up detailed analytics</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
            <li>
              Add your Google Analytics measurement ID, Meta pixel ID or Hotjar site ID under{" "}
              <Link to="/admin/settings" className="font-medium text-brand-700 underline underline-offset-2">
                Settings
              </Link>{" "}
              to track page views, sources and conversions.
            </li>
            <li>Academy views are counted on the server each time a lesson is opened.</li>
            <li>
              The growth rate compares leads (contact requests, subscribers, demo requests) this calendar
              month with last month (UTC).
            </li>
          </ul>
        </CardContent>
      </Card>
    </>
  );
}
