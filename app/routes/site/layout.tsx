import { Outlet } from "react-router";
import { Footer } from "~/components/site/footer";
import { Header } from "~/components/site/header";
import { JsonLd } from "~/components/site/json-ld";
import { env } from "~/env.server";
import { siteInfoFrom } from "~/lib/seo";
import { visibleNavigation } from "~/lib/site-navigation";
import { siteSocialLinks } from "~/lib/social-links";
import { organizationJsonLd } from "~/lib/structured-data";
import { getSettings, listSocialLinks } from "~/models/settings.server";
import { getNavigation } from "~/models/site-navigation.server";
import type { Route } from "./+types/layout";

// The active social links, for the footer and the Organization's sameAs. Saving them bumps the content version,
// so cached pages show a change on the next request. The Organization's JSON-LD is built here, on the server, so
// its builders stay out of the browser's first load (the landing page's JavaScript budget, ADR 011).
export async function loader() {
  const [settings, links, navigation] = await Promise.all([
    getSettings(),
    listSocialLinks({ activeOnly: true }),
    getNavigation(),
  ]);
  const socialLinks = siteSocialLinks(links);
  const organization = organizationJsonLd(
    siteInfoFrom({ baseUrl: env().baseUrl, settings }),
    socialLinks.map((link) => link.url),
  );
  // The header menu and footer columns are data (saving them bumps the content version, like the settings).
  const nav = visibleNavigation(navigation, { blogEnabled: settings.blogEnabled });
  return { socialLinks, organization, nav };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { socialLinks, organization, nav } = loaderData;
  return (
    <div className="flex min-h-dvh flex-col">
      {/* Organization structured data on every public page (each page's own JSON-LD comes from its meta). */}
      <JsonLd data={organization} />
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Header nav={nav.header.map((link) => ({ to: link.href, label: link.label }))} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer columns={nav.footer} socialLinks={socialLinks} />
    </div>
  );
}
