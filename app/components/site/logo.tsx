import { Link } from "react-router";

import { PRODUCT_NAME } from "~/lib/brand";

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link
      to="/"
      className="inline-flex min-h-10 items-center gap-2 rounded-md"
      aria-label={`${PRODUCT_NAME} home`}
    >
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span className={`text-lg font-bold tracking-tight ${inverted ? "text-white" : "text-slate-900"}`}>
        {PRODUCT_NAME}
      </span>
    </Link>
  );
}
