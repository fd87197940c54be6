/**
 * Whether a URL segment can be a stored slug at all. Slugs are derived by slugify() but editable by hand, so
 * only what the database cannot hold (NUL, which PostgreSQL rejects) or what no slug would be (very long) is
 * refused: the page answers 404 instead of failing with a 500.
 */
export function isPossibleSlug(value: string): boolean {
  return value.length > 0 && value.length <= 300 && !value.includes("\0");
}
