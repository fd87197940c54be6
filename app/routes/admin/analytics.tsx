// /admin/analytics: the four cards (docs/product.md, Analytics) with the database figures, plus setup hints.
import { BookOpen, Eye, FileText, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import { adminFor } from "~/auth/admin-context.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { StatCard } from "~/components/admin/stat-card";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatGrowth } from "~/lib/growth";
import { analyticsFigures } from "~/models/dashboard.server";
import type { Route } from "./+types/analytics";

export function meta() {
  return [{ title: "Analytics · Admin · Asimov" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await adminFor({ request, context });
  const figures = await analyticsFigures();
  // Formatted here so the page's bundle does not carry the form schemas of ~/lib/cms.
  return { figures, growth: formatGrowth(figures.leadsThisMonth, figures.leadsLastMonth) };
}

const nf = new Intl.NumberFormat("en-US");

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const f = loaderData.figures;
  return (
    <>
      <AdminPageHeader title="Analytics" description="How your content and lead capture are doing." />
      <section aria-label="Figures" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Total Views"
          icon={Eye}
          value={nf.format(f.totalViews)}
          detail="Views of academy content"
        />
        <StatCard
          label="Blog Posts"
          icon={FileText}
          value={nf.format(f.blogPosts.total)}
          detail={`${nf.format(f.blogPosts.published)} published`}
        />
        <StatCard
          label="Academy Content"
          icon={BookOpen}
          value={nf.format(f.academy.total)}
          detail={`${nf.format(f.academy.published)} published`}
        />
        <StatCard
          label="Growth Rate"
          icon={TrendingUp}
          value={loaderData.growth}
          detail={`Leads this month: ${nf.format(f.leadsThisMonth)} · last month: ${nf.format(f.leadsLastMonth)}`}
        />
      </section>
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
