// The whole URL map in one file. Keep each area's routes in its section; the authorization-matrix test reads
// this file to find every admin route.
import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // --- public site -------------------------------------------------------------------------------------------
  layout("routes/site/layout.tsx", [
    // "/" is a page built from blocks like every other (the catch-all below serves "/pricing" and the rest).
    index("routes/site/page.tsx", { id: "home" }),
    route("contact", "routes/site/contact.tsx"),
    ...prefix("blog", [index("routes/blog/index.tsx"), route(":slug", "routes/blog/post.tsx")]),
    ...prefix("academy", [index("routes/academy/index.tsx"), route(":slug", "routes/academy/item.tsx")]),
    // Preview links: the public pages' own modules, for a draft or scheduled item.
    route("preview/blog/:token", "routes/blog/post.tsx", { id: "preview-blog" }),
    route("preview/academy/:token", "routes/academy/item.tsx", { id: "preview-academy" }),
    route("preview/page/:token", "routes/site/page-preview.tsx"),
    // Newsletter: the confirmation link of a sign-up, and the unsubscribe page of a message.
    route("newsletter/confirm/:token", "routes/site/newsletter-confirm.tsx"),
    route("newsletter/unsubscribe/:token", "routes/site/newsletter-unsubscribe.tsx"),
    // Keep last: every other public path — "/pricing" included — is a page built from blocks (ADR 033), or the
    // 404 page.
    route("*", "routes/site/page.tsx"),
  ]),
  route("features", "routes/site/features.tsx"),
  // A built form on another website (ADR 058): the loader script its snippet includes, and the form alone, for the
  // frame that script puts on the page. Outside the site's layout: no header, footer, consent banner or analytics.
  route("embed/forms.js", "routes/embed/forms-script.ts"),
  route("embed/forms/:id", "routes/embed/form.tsx"),
  route("api/leads", "routes/api/leads.ts"),
  route("api/consent", "routes/api/consent.ts"),
  // Newsletter messages' links: one-click unsubscribe (RFC 8058), counted clicks, the open pixel, and the
  // providers' bounce and complaint notifications.
  route("api/newsletter/unsubscribe/:token", "routes/api/newsletter-unsubscribe.ts"),
  route("api/newsletter/click/:token/:link", "routes/api/newsletter-click.ts"),
  route("api/newsletter/open/:token", "routes/api/newsletter-open.ts"),
  route("api/newsletter/webhooks/:provider", "routes/api/newsletter-webhooks.ts"),

  // --- SEO resource routes ---------------------------------------------------------------------------------
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("rss.xml", "routes/seo/rss.ts"),

  // --- admin sign-in and auth ------------------------------------------------------------------------------
  route("api/auth/*", "routes/auth/api-auth.ts"),
  route("admin-auth", "routes/auth/admin-auth.tsx"),
  route("admin-auth/sign-out", "routes/auth/sign-out.ts"),
  route("admin-auth/forgot", "routes/auth/forgot-password.tsx"),
  route("admin-auth/reset", "routes/auth/reset-password.tsx"),
  // Accepting an invitation to the team: the only way to an account besides the owner's.
  route("admin-auth/join/:token", "routes/auth/accept-invitation.tsx"),

  // --- back office -------------------------------------------------------------------------------------------
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      // Two-factor settings
      route("security", "routes/admin/security.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("blog", "routes/admin/blog.tsx"),
      route("academy", "routes/admin/academy.tsx"),
      // Pages built from blocks: the list, and one page's editor ("new" for a new page).
      route("pages", "routes/admin/pages.tsx"),
      route("pages/:id", "routes/admin/page-edit.tsx"),
      // Forms the team builds: the list, and one form's editor ("new" for a new form).
      route("forms", "routes/admin/forms.tsx"),
      route("forms/:id", "routes/admin/form-edit.tsx"),
      // The texts of the site's own forms: the contact form, the contact and demo dialog, the newsletter sign-up.
      route("forms/built-in/:key", "routes/admin/form-builtin.tsx"),
      route("media", "routes/admin/media.tsx"),
      route("analytics", "routes/admin/analytics.tsx"),
      route("contacts", "routes/admin/contacts.tsx"),
      route("contacts/person/:email", "routes/admin/contacts-person.tsx"),
      route("contacts/spam", "routes/admin/contacts-spam.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("api-keys", "routes/admin/api-keys.tsx"),
      // Lead notifications and webhooks
      route("integrations", "routes/admin/integrations.tsx"),
      // Redirects and the 404 monitor
      route("redirects", "routes/admin/redirects.tsx"),
      // Members, roles and invitations
      route("team", "routes/admin/team.tsx"),
      // Newsletters: the sends, suppressions and settings; composing and following one send
      route("newsletters", "routes/admin/newsletters.tsx"),
      route("newsletters/:id", "routes/admin/newsletter-edit.tsx"),
      // The owner's backups: the list, "Back up now"
      route("backups", "routes/admin/backups.tsx"),
    ]),
    // Resource routes of the back office (each calls requireAdmin itself).
    route("contacts/export/:list", "routes/admin/contacts-export.ts"),
    route("analytics/export", "routes/admin/analytics-export.ts"),
    // One form's submissions as CSV, and a file a visitor attached to one (an attachment).
    route("forms/:id/export", "routes/admin/form-export.ts"),
    route("forms/files/:response/:field", "routes/admin/form-file.ts"),
    // One recorded backup archive, as an attachment (owner only).
    route("backups/download/:file", "routes/admin/backup-download.ts"),
    // A post's, academy item's or page's revisions and preview links (JSON for the edit dialog).
    route("content/:kind/:id/revisions", "routes/admin/content-revisions.ts"),
    // A newsletter draft's and a settings tab's revisions (JSON for their History dialogs).
    route("newsletters/:id/revisions", "routes/admin/newsletter-revisions.ts"),
    route("settings/:tab/revisions", "routes/admin/settings-revisions.ts"),
    // A built form's revisions (JSON for the form screen's History dialog).
    route("forms/:id/revisions", "routes/admin/form-revisions.ts"),
    route("forms/built-in/:key/revisions", "routes/admin/form-builtin-revisions.ts"),
    route("content/:kind/:id/previews", "routes/admin/content-previews.ts"),
  ]),

  // --- content API and other resource routes ----------------------------------------------------------------
  // Uploads: admin upload endpoint, and the public files with immutable caching.
  route("api/uploads", "routes/api/uploads.ts"),
  // A visitor's submission of a form built in the back office.
  route("api/forms/:id", "routes/api/forms.ts"),
  route("api/forms/:id/events", "routes/api/form-events.ts"),
  route("uploads/*", "routes/api/uploaded-file.ts"),
  route("functions/v1/content-api/openapi.json", "routes/api/content-api-openapi.ts"),
  route("functions/v1/content-api/*", "routes/api/content-api.ts"),
] satisfies RouteConfig;
