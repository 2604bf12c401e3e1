import { and, desc, eq, inArray } from "drizzle-orm";
import { type ContentOverrides, editableWithOverrides } from "~/features/content/overrides";
import { type SiteContent, buildSiteContent } from "~/features/content/site-content";
import { CONTENT_KEYS, type ContentKey, type EditableContent, contentSchemas } from "~/features/content/schema";
import type { Db } from "../db/client";
import { siteContentRevisions } from "../db/schema/index";
import { AppError } from "../http/errors";
import type { Logger } from "../logger";
import { parseBody } from "../http/validation";
import { missingImages } from "../media/store";

export type ContentRevision = typeof siteContentRevisions.$inferSelect;

/** A revision as the Content page shows it in its history. */
export const revisionView = (r: ContentRevision) => ({
  id: r.id,
  key: r.key,
  status: r.status,
  value: r.value,
  sourceRevisionId: r.sourceRevisionId,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
});
export type RevisionView = ReturnType<typeof revisionView>;

/**
 * The effective content is cached per process and database. Publishing in this process clears the
 * cache at once; another process (several instances on one PostgreSQL) sees the change within this
 * TTL. Keyed by the database so that one process serving several (the test runner) never shows one
 * database's content for another's.
 */
export const CONTENT_CACHE_TTL_MS = 5_000;

interface CachedContent {
  content: SiteContent;
  editable: EditableContent;
  loadedAt: number;
}
let cache = new WeakMap<Db, CachedContent>();

/** Bumped by every invalidation: a load that was under way meanwhile may hold older values and is not kept. */
let generation = 0;

export function invalidateSiteContentCache(): void {
  cache = new WeakMap();
  generation++;
}

/** The newest published value of each key (null for a key never published or reverted to the defaults). */
async function publishedOverrides(db: Db): Promise<ContentOverrides> {
  const rows = await db
    .selectDistinctOn([siteContentRevisions.key], {
      key: siteContentRevisions.key,
      value: siteContentRevisions.value,
    })
    .from(siteContentRevisions)
    .where(and(eq(siteContentRevisions.status, "published"), inArray(siteContentRevisions.key, [...CONTENT_KEYS])))
    .orderBy(siteContentRevisions.key, desc(siteContentRevisions.id));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

async function loadCached(db: Db, logger?: Logger, now = Date.now()) {
  const cached = cache.get(db);
  if (cached && now - cached.loadedAt < CONTENT_CACHE_TTL_MS) return cached;
  const startedIn = generation;
  const overrides = await publishedOverrides(db);
  const onInvalid = (key: ContentKey) => logger?.warn({ key }, "a published content value no longer fits its schema; showing the defaults");
  const editable = editableWithOverrides(overrides, onInvalid);
  const loaded = { content: buildSiteContent(editable), editable, loadedAt: now };
  if (generation === startedIn) cache.set(db, loaded);
  return loaded;
}

/** What the public pages show: the content modules' defaults with the published edits laid over them. */
export async function loadSiteContent(db: Db, logger?: Logger): Promise<SiteContent> {
  return (await loadCached(db, logger)).content;
}

/** The published editable values (what the admin forms start from). */
export async function loadEditableContent(db: Db): Promise<EditableContent> {
  return (await loadCached(db)).editable;
}

/** The published content with one draft laid over it: an admin's preview. */
export async function loadPreviewContent(db: Db, revisionId: number, logger?: Logger): Promise<SiteContent | null> {
  if (!isRevisionId(revisionId)) return null;
  const [revision] = await db.select().from(siteContentRevisions).where(eq(siteContentRevisions.id, revisionId));
  if (!revision) return null;
  const overrides = await publishedOverrides(db);
  const editable = editableWithOverrides({ ...overrides, [revision.key]: revision.value }, (key) =>
    logger?.warn({ key }, "a previewed content value no longer fits its schema"),
  );
  return buildSiteContent(editable);
}

async function validate<K extends ContentKey>(db: Db, key: K, value: unknown): Promise<EditableContent[K]> {
  const parsed = parseBody(contentSchemas[key], value) as EditableContent[K];
  if (key === "services") {
    // Titles are the services' ids: each must name an existing service, once.
    const known = new Set(buildSiteContent().services.map((s) => s.title));
    const titles = (parsed as EditableContent["services"]).map((s) => s.title);
    const unknown = titles.find((t) => !known.has(t));
    if (unknown !== undefined) throw new AppError(400, "VALIDATION_FAILED", `There is no service called "${unknown}".`);
    if (new Set(titles).size !== titles.length) throw new AppError(400, "VALIDATION_FAILED", "Each service may appear only once.");
  }
  if (key === "reviews") {
    const reviews = parsed as EditableContent["reviews"];
    await requireUploadedImages(db, "review", reviews, (r) => `the review by ${r.author}`);
  }
  if (key === "team") {
    const team = parsed as EditableContent["team"];
    await requireUploadedImages(db, "team", team, (m) => `${m.name}'s photo`);
  }
  return parsed;
}

/** Every image an edit refers to must be an upload of the right kind, or the public page would show a broken image. */
async function requireUploadedImages<T extends { imageId: string | null }>(db: Db, purpose: "review" | "team", items: readonly T[], name: (item: T) => string) {
  const ids = items.map((i) => i.imageId).filter((id): id is string => id !== null);
  const [missing] = await missingImages(db, purpose, ids);
  if (missing === undefined) return;
  const item = items.find((i) => i.imageId === missing)!;
  throw new AppError(400, "IMAGE_NOT_FOUND", `The image for ${name(item)} was not found. Please upload it again.`);
}

async function insertRevision(
  db: Db,
  values: {
    key: ContentKey;
    value: unknown;
    status: "draft" | "published";
    createdBy: string;
    sourceRevisionId?: number | null;
  },
): Promise<ContentRevision> {
  const [row] = await db
    .insert(siteContentRevisions)
    .values({
      ...values,
      value: values.value ?? null,
      sourceRevisionId: values.sourceRevisionId ?? null,
    })
    .returning();
  if (values.status === "published") invalidateSiteContentCache();
  return row!;
}

/** Stores an edit as a draft (for the preview); the public pages do not change. */
export async function saveDraft(db: Db, key: ContentKey, value: unknown, email: string): Promise<ContentRevision> {
  return insertRevision(db, {
    key,
    value: await validate(db, key, value),
    status: "draft",
    createdBy: email,
  });
}

/** Publishes an edit: it is live at once in this process. */
export async function publishValue(db: Db, key: ContentKey, value: unknown, email: string): Promise<ContentRevision> {
  return insertRevision(db, {
    key,
    value: await validate(db, key, value),
    status: "published",
    createdBy: email,
  });
}

/** A revision id is a PostgreSQL integer: a larger number (a hand-edited address) names none, and must not reach the query, which would fail. */
const isRevisionId = (id: number) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647;

async function findRevision(db: Db, key: ContentKey, id: number): Promise<ContentRevision> {
  if (!isRevisionId(id)) throw new AppError(404, "REVISION_NOT_FOUND", "That revision does not exist (any more).");
  const [row] = await db
    .select()
    .from(siteContentRevisions)
    .where(and(eq(siteContentRevisions.id, id), eq(siteContentRevisions.key, key)));
  if (!row) throw new AppError(404, "REVISION_NOT_FOUND", "That revision does not exist (any more).");
  return row;
}

/** Publishes a saved draft (as a published copy recording who published it and when). */
export async function publishDraft(db: Db, key: ContentKey, revisionId: number, email: string): Promise<ContentRevision> {
  const draft = await findRevision(db, key, revisionId);
  if (draft.status !== "draft") throw new AppError(409, "NOT_A_DRAFT", "Only a draft can be published; to go back to this version use Revert.");
  return insertRevision(db, {
    key,
    value: await validate(db, key, draft.value),
    status: "published",
    createdBy: email,
    sourceRevisionId: draft.id,
  });
}

/**
 * Makes an earlier revision (or, with null, the content module's defaults) live again by
 * publishing a copy of it, so the history keeps every step.
 */
export async function revertTo(db: Db, key: ContentKey, revisionId: number | null, email: string): Promise<ContentRevision> {
  if (revisionId === null)
    return insertRevision(db, {
      key,
      value: null,
      status: "published",
      createdBy: email,
    });
  const earlier = await findRevision(db, key, revisionId);
  // A stored value that no longer fits the schema cannot be made live again.
  const value = earlier.value === null ? null : await validate(db, key, earlier.value);
  return insertRevision(db, {
    key,
    value,
    status: "published",
    createdBy: email,
    sourceRevisionId: earlier.id,
  });
}

/** The newest revisions of a key, newest first. */
export async function contentHistory(db: Db, key: ContentKey, limit = 50): Promise<ContentRevision[]> {
  return db.select().from(siteContentRevisions).where(eq(siteContentRevisions.key, key)).orderBy(desc(siteContentRevisions.id)).limit(limit);
}
