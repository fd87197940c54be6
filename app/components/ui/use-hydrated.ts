// True once the page runs in the browser: for controls that work differently with and without JavaScript (the
// server's HTML and the first browser render agree, so hydration never mismatches).
import { useEffect, useState } from "react";

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
