// Length limits shared by the admin forms, the content API, the AI Optimize templates and the page heads.

/** Search engines show about this many characters of a title. */
export const META_TITLE_LIMIT = 60;
/** Search engines show about this many characters of a description. */
export const META_DESCRIPTION_LIMIT = 160;
