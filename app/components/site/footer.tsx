import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { PRODUCT_NAME } from "~/lib/brand";
import type { FooterColumn } from "~/lib/site-navigation";
import type { SiteSocialLink } from "~/lib/social-links";
import type { loader as rootLoader } from "~/root";
import { CookieSettingsButton } from "./consent";
import { Logo } from "./logo";
import { NewsletterForm } from "./newsletter-form";
import { SocialLinks } from "./social-links";

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-white">{title}</h2>
      <ul className="mt-4 space-y-1 text-sm">{children}</ul>
    </div>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className="inline-flex min-h-8 items-center text-slate-300 hover:text-white">
        {children}
      </Link>
    </li>
  );
}

export function Footer({
  columns,
  socialLinks = [],
  children,
}: {
  /** The footer columns of the site navigation (docs/product.md, Pages), blog links already left out when off. */
  columns: readonly FooterColumn[];
  /** The active social links of the settings (docs/product.md, Social links). */
  socialLinks?: readonly SiteSocialLink[];
  children?: ReactNode;
}) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const newsletterEnabled = root?.settings.newsletterEnabled ?? false;
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <Logo inverted />
          <p className="mt-4 max-w-xs text-sm leading-6 text-slate-300">
            The intelligent revenue engine for AI companies.
          </p>
          <SocialLinks links={socialLinks} />
          {children}
          {newsletterEnabled ? <NewsletterForm /> : null}
        </div>
        {columns.map((column) => (
          <Column key={column.title} title={column.title}>
            {column.links.map((link) => (
              <FooterLink key={`${link.label} ${link.href}`} to={link.href}>
                {link.label}
              </FooterLink>
            ))}
          </Column>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          <p>© 2024 {PRODUCT_NAME}. All rights reserved.</p>
          <CookieSettingsButton className="inline-flex min-h-8 items-center text-slate-300 underline hover:text-white" />
        </div>
      </div>
    </footer>
  );
}
