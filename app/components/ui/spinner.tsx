import { Loader2Icon } from "lucide-react";
import { cn } from "~/lib/utils";

/** A spinning indicator with a text alternative for screen readers. */
export function Spinner({ label = "Loading", className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn("inline-flex items-center gap-2", className)}>
      <Loader2Icon className="size-5 animate-spin" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
