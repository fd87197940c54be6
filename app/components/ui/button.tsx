import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/utils";
import { type ButtonVariantProps, buttonVariants } from "./button-variants";

export interface ButtonProps extends React.ComponentProps<"button">, ButtonVariantProps {
  /** Render the child element (e.g. a Link) with the button's styles. */
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return <Comp className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}
