/**
 * Every public page and whether search engines may index it. The sitemap, the robots meta of each
 * page, the web benchmark and the end-to-end checks all read this one list.
 */
export interface PublicPage {
  path: string;
  indexable: boolean;
  /** Lighthouse and e2e visit it; false for pages that exist only on other branches until merged. */
  benchmark: boolean;
}

export const LANDING_PATH = "/cat-boarding-laguna-niguel";
export const BACKUP_HOME_PATH = "/home-backup-27.05.25";
export const BACKUP_HOME_DATE = "27.05.25";
export const BOOK_ONLINE_PATH = "/book-online";

export const publicPages: readonly PublicPage[] = [
  { path: "/", indexable: true, benchmark: true },
  { path: LANDING_PATH, indexable: true, benchmark: true },
  { path: BOOK_ONLINE_PATH, indexable: true, benchmark: true },
  { path: "/privacy-policy", indexable: true, benchmark: true },
  { path: "/terms", indexable: true, benchmark: true },
  { path: "/cookie-policy", indexable: true, benchmark: true },
  { path: BACKUP_HOME_PATH, indexable: false, benchmark: true },
  { path: "/auth", indexable: false, benchmark: true },
];

/**
 * Pages that must carry `noindex`, each with the reason; a path covers the pages under it ("/admin"
 * the whole admin area). They stay fetchable: robots.txt never blocks them, so crawlers read the
 * noindex. Every page of app/routes.ts is in `publicPages` or here (app/domain/public-pages.test.ts).
 */
export const noindexPages: Readonly<Record<string, string>> = {
  [BACKUP_HOME_PATH]: "an older copy of the home page, kept reachable: it would compete with the home page",
  "/auth": "signing in (and its link's landing page): nothing to find there",
  "/account": "a customer's own account, its deletion and the page after it",
  "/appointments": "a customer's own appointments",
  "/trips": "a customer's own stays",
  "/book": "booking a stay or a groom: for a signed-in customer",
  "/cats": "a customer's own cats",
  "/simulated-payments": "the simulated provider's payment page for one customer's deposit",
  "/unsubscribe": "opened from one address's mail link",
  "/refer": "a household's referral link: one customer's invitation to a friend",
  "/dev/outbox": "the development outbox, on a machine without a mail server",
  "/admin": "the staff area",
  "/staff": "the team's pages (Today)",
  "/admin-backup": "the testing dashboard",
  "/*": "the not-found page: an address that is no page",
};

export const noindexPaths: readonly string[] = Object.keys(noindexPages);

/** Whether `path` is a page `noindexPages` keeps out of search results. */
export const isNoindexPath = (path: string) => noindexPaths.some((p) => path === p || path.startsWith(`${p}/`));

export const indexablePaths = (): string[] => publicPages.filter((p) => p.indexable).map((p) => p.path);
