// The open tab of a back-office page lives in the URL (`?tab=webhooks`), so a reload or a shared link opens the
// same tab. Switching replaces the current history entry (no new entry per click), keeps the scroll position and
// loads no data (the routes' `shouldRevalidate` is `keepDataOnTabChange`, app/lib/url-tab.ts). The first tab is
// the default and is left out of the URL; an unknown value opens the first tab.
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { TAB_PARAM } from "~/lib/url-tab";

/** `tabs`: the tabs' values, the default first (a constant: the setter depends on it). */
export function useUrlTab<T extends string>(tabs: readonly T[]): [T, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(TAB_PARAM);
  const tab = tabs.find((t) => t === asked) ?? (tabs[0] as T);
  const setTab = useCallback(
    (value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === tabs[0]) next.delete(TAB_PARAM);
          else next.set(TAB_PARAM, value);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams, tabs],
  );
  return [tab, setTab];
}
