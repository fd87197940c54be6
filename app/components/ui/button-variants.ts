// The button styles, apart from the Button component so that public pages can style links and buttons with them
// without loading tailwind-merge (Button merges a caller's classes over these with cn). buttonVariants only appends
// the className it is given: pass classes that do not fight the variant's own (see budget.spec.ts).
import { cva, type VariantProps } from "class-variance-authority";

export const buttonVariants = cva(
  "inline-flex min-h-10 items-center justify-center gap-2 whitespace-nowrap rounded-lg text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
        secondary: "bg-brand-50 text-brand-800 hover:bg-brand-100",
        outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
        ghost: "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
        destructive: "bg-red-600 text-white hover:bg-red-700",
        inverted: "bg-white text-brand-800 hover:bg-brand-50",
        /** Outline on a brand-coloured background. */
        outlineInverted: "border border-white bg-transparent text-white hover:bg-brand-700",
        /** Outline on the darkest brand background (the call-to-action card). */
        outlineOnDark: "border border-white bg-transparent text-white hover:bg-brand-800",
        link: "min-h-0 text-brand-700 underline-offset-4 hover:underline",
      },
      size: {
        default: "px-4 py-2",
        sm: "min-h-9 px-3 text-xs",
        lg: "min-h-12 px-6 text-base",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;
