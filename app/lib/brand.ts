// The product's name, for the logo, structured data, auth mails and the admin's window titles. It lives in lib
// (not with the logo component) so server code and SEO helpers can use it without importing UI. Public page
// titles use the Site title setting instead (app/lib/seo.ts).
export const PRODUCT_NAME = "Asimov";

/** What the admin's meta-title helpers append to a title; public pages swap it for the Site title setting. */
export const BRAND_SUFFIX = ` | ${PRODUCT_NAME}`;

/** A back-office window title, e.g. "Blog · Admin · Asimov". */
export function adminTitle(page?: string): string {
  return page ? `${page} · Admin · ${PRODUCT_NAME}` : `Admin · ${PRODUCT_NAME}`;
}
