import { clsx } from "clsx";
import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button-variants";
import { Logo } from "./logo";

export interface NavItem {
  to: string;
  label: string;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    "inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium transition-colors",
    isActive ? "text-brand-700" : "text-slate-700 hover:text-slate-950",
  );

/** The site's sections, for the desktop bar and the mobile menu alike. */
function NavItems({ nav }: { nav: NavItem[] }) {
  return nav.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} end={item.to === "/"} className={linkClass}>
        {item.label}
      </NavLink>
    </li>
  ));
}

export function Header({ nav }: { nav: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // The mobile menu closes on every navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on location change by design
  useEffect(() => setOpen(false), [location.key]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            <NavItems nav={nav} />
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <Link to="/contact" className={buttonVariants({ className: "max-sm:hidden" })}>
            Get Started
          </Link>
          <button
            type="button"
            className={buttonVariants({ variant: "ghost", size: "icon", className: "md:hidden" })}
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X /> : <Menu />}
          </button>
        </div>
      </div>
      {/* The container stays in the document, so the button's aria-controls always names an element; the menu
          itself is rendered only while open. */}
      <div id="mobile-menu" className="md:hidden">
        {open ? (
          <nav aria-label="Mobile" className="border-t border-slate-200 bg-white">
            <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
              <NavItems nav={nav} />
              <li className="pt-2">
                <Link to="/contact" className={buttonVariants({ className: "w-full" })}>
                  Get Started
                </Link>
              </li>
            </ul>
          </nav>
        ) : null}
      </div>
    </header>
  );
}
