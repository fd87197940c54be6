import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/utils";

const badgeVariants = cva("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", {
  variants: {
    variant: {
      default: "bg-brand-100 text-brand-800",
      neutral: "bg-slate-100 text-slate-800",
      success: "bg-green-100 text-green-800",
      warning: "bg-yellow-100 text-yellow-900",
      danger: "bg-red-100 text-red-800",
      outline: "border border-slate-300 text-slate-800",
    },
  },
  defaultVariants: { variant: "default" },
});

export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
