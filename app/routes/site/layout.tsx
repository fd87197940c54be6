import { Outlet, useRouteLoaderData } from "react-router";
import { Footer } from "~/components/site/footer";
import { Header, publicNav } from "~/components/site/header";
import { JsonLd } from "~/components/site/json-ld";
import { siteInfoFrom } from "~/lib/seo";
import { organizationJsonLd } from "~/lib/structured-data";
import type { loader as rootLoader } from "~/root";

export default function SiteLayout() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const blogEnabled = root?.settings.blogEnabled ?? true;
  return (
    <div className="flex min-h-dvh flex-col">
      {/* Organization structured data on every public page (each page's own JSON-LD comes from its meta). */}
      <JsonLd data={organizationJsonLd(siteInfoFrom(root))} />
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Header nav={publicNav({ blogEnabled })} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer blogEnabled={blogEnabled} />
    </div>
  );
}
