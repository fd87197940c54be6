// The open tab of a back-office page lives in the URL (`?tab=webhooks`): see `useUrlTab`
// (app/components/admin/use-url-tab.ts). Switching tabs is a navigation that changes only this parameter; the
// routes above such a page and the page itself keep the data they have (`keepDataOnTabChange`).
import type { ShouldRevalidateFunctionArgs } from "react-router";

export const TAB_PARAM = "tab";

/** The search without the tab parameter, in a stable order. */
function searchWithoutTab(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete(TAB_PARAM);
  params.sort();
  return params.toString();
}

/**
 * A route's `shouldRevalidate`: a navigation that changes only the open tab loads nothing; anything else (a form
 * post, a fetcher, an explicit revalidation, another address) follows React Router's default.
 */
export function keepDataOnTabChange({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const onlyTabChanged =
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.searchParams.get(TAB_PARAM) !== nextUrl.searchParams.get(TAB_PARAM) &&
    searchWithoutTab(currentUrl) === searchWithoutTab(nextUrl);
  return onlyTabChanged ? false : defaultShouldRevalidate;
}
