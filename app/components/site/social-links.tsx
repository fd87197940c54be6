// The footer's social links: server-rendered anchors whose icons come from one cached SVG sprite, so the links add
// markup but no JavaScript to the landing page (ADR 018; tests/e2e/budget.spec.ts).
import type { SiteSocialLink } from "~/lib/social-links";
import sprite from "./social-icons.svg?no-inline";

export function SocialLinks({ links }: { links: readonly SiteSocialLink[] }) {
  if (links.length === 0) return null;
  return (
    <ul className="mt-6 flex flex-wrap gap-2" aria-label="Follow us">
      {links.map((link) => (
        <li key={link.url}>
          <a
            href={link.url}
            rel="me noopener"
            title={link.name}
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 hover:text-white"
          >
            <svg className="size-5" fill="currentColor" aria-hidden="true" focusable="false">
              <use href={`${sprite}#${link.icon}`} />
            </svg>
            <span className="sr-only">{link.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
