// Length limits shared by the admin forms, the content API, the AI Optimize templates and the page heads.

/** Search engines show about this many characters of a title. */
export const META_TITLE_LIMIT = 60;
/** Search engines show about this many characters of a description. */
export const META_DESCRIPTION_LIMIT = 160;

// The longest values the admin forms and the content API accept for the same fields.
export const TITLE_MAX = 200;
export const SLUG_MAX = 200;
/** Author and category names. */
export const NAME_MAX = 100;
export const URL_MAX = 2000;
