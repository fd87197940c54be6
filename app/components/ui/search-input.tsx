// A search box: a label for assistive technology only, the magnifier and a search input. Every other prop goes to
// the input (name, value, placeholder, ref…).
import { Search } from "lucide-react";
import type * as React from "react";
import { Input } from "./input";

export function SearchInput({
  id,
  label,
  ...input
}: React.ComponentProps<"input"> & { id: string; label: string }) {
  return (
    <div className="relative flex-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden
      />
      <Input id={id} type="search" className="pl-9" {...input} />
    </div>
  );
}
