// The product's name, for the logo, page titles, structured data and auth mails. It lives in lib (not with the
// logo component) so server code and SEO helpers can use it without importing UI.
export const PRODUCT_NAME = "Asimov";
