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

/** Pages that must carry `noindex` (the admin area by prefix). They stay fetchable: robots.txt never blocks them. */
export const noindexPaths: readonly string[] = [BACKUP_HOME_PATH, "/auth", "/account", "/appointments", "/trips", "/admin", "/admin-backup"];

export const indexablePaths = (): string[] => publicPages.filter((p) => p.indexable).map((p) => p.path);
