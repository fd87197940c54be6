import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names, letting later Tailwind utilities override earlier ones. It loads tailwind-merge (~9 KB gzip), so
 * the landing page's modules join with clsx and style buttons with buttonVariants instead (see budget.spec.ts).
 */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
