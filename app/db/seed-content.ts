// Demo content used to seed a fresh database (app/db/seed.server.ts), one file per kind in app/db/demo/: the blog
// posts, the academy items, and the landing page's showcase, social links and pictures. Pure data: no database code
// lives there. This file names them for the seed and the tests.
export type { DemoAcademyItem } from "./demo/academy";
export { demoAcademyItems } from "./demo/academy";
export type { Block } from "./demo/blocks";
export type { DemoBlogPost } from "./demo/blog-posts";
export { demoBlogPosts } from "./demo/blog-posts";
export type { DemoPicture, DemoShowcaseItem, DemoSocialLink } from "./demo/site";
export { demoPictures, demoShowcase, demoSocialLinks } from "./demo/site";
