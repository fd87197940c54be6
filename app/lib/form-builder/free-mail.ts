// The well-known free and consumer webmail domains, bundled so a form asking for a work address can refuse a
// private one in the browser and on the server alike, without a lookup. The list is deliberately short: the big
// providers and their country domains that visitors actually use. It does not have to be complete, since a
// determined visitor can always type another address; it only keeps the obvious private addresses out of B2B leads.

export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  // Google
  "gmail.com",
  "googlemail.com",
  // Yahoo and its country domains
  "yahoo.com",
  "yahoo.co.uk",
  "yahoo.co.in",
  "yahoo.co.jp",
  "yahoo.ca",
  "yahoo.com.au",
  "yahoo.com.br",
  "yahoo.com.mx",
  "yahoo.de",
  "yahoo.fr",
  "yahoo.es",
  "yahoo.it",
  "ymail.com",
  "rocketmail.com",
  // Microsoft
  "outlook.com",
  "outlook.de",
  "outlook.fr",
  "hotmail.com",
  "hotmail.co.uk",
  "hotmail.de",
  "hotmail.fr",
  "hotmail.es",
  "hotmail.it",
  "live.com",
  "live.co.uk",
  "live.de",
  "live.fr",
  "live.nl",
  "msn.com",
  // Apple
  "icloud.com",
  "me.com",
  "mac.com",
  // AOL
  "aol.com",
  // Privacy-minded providers
  "proton.me",
  "protonmail.com",
  "protonmail.ch",
  "pm.me",
  "tutanota.com",
  "tuta.io",
  "fastmail.com",
  // German-speaking countries
  "gmx.de",
  "gmx.net",
  "gmx.at",
  "gmx.ch",
  "gmx.com",
  "web.de",
  "t-online.de",
  "freenet.de",
  "posteo.de",
  "mailbox.org",
  "bluewin.ch",
  // France and Italy
  "orange.fr",
  "wanadoo.fr",
  "free.fr",
  "laposte.net",
  "sfr.fr",
  "libero.it",
  "virgilio.it",
  "tiscali.it",
  // United Kingdom and North America
  "btinternet.com",
  "comcast.net",
  // Russia and Eastern Europe
  "mail.ru",
  "inbox.ru",
  "list.ru",
  "bk.ru",
  "yandex.ru",
  "yandex.com",
  "yandex.ua",
  "ya.ru",
  "rambler.ru",
  "seznam.cz",
  "wp.pl",
  "interia.pl",
  // Asia and elsewhere
  "qq.com",
  "163.com",
  "126.com",
  "yeah.net",
  "sina.com",
  "naver.com",
  "hanmail.net",
  "rediffmail.com",
  "uol.com.br",
  // Other international webmail
  "zoho.com",
  "zohomail.com",
  "mail.com",
]);

/**
 * Whether the address is at one of the free-mail domains: the part after the last "@", compared without case. Only
 * the exact domain counts, not its subdomains (mail.gmail.com is not a free-mail address here).
 */
export function isFreeMailAddress(address: string): boolean {
  const at = address.lastIndexOf("@");
  if (at < 0) return false;
  const domain = address
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  return FREE_MAIL_DOMAINS.has(domain);
}
