// Whether a string from a URL or a form can be a row id (uuid), checked before it reaches a query: a malformed one
// names no row, and PostgreSQL would refuse it with an error rather than find nothing. Browser-safe.
export const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);
