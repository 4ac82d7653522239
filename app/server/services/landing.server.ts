// Read-only queries behind the public landing page (and the REST endpoints GET /categories, /tasks3, /workers,
// /users?role=Worker). Each query walks an index or the open-slot counters (migrations/0001, 0006); the landing page
// runs them in one parallel step and keeps the whole public payload in the Cache API for half a minute (never per user).
import { and, desc, eq, gte, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { CATEGORIES, type Category } from "~/lib/categories";
import { deadlineDay } from "~/lib/deadline";
import { getDb } from "../db/client.server";
import { openSlotsNow, openTaskDays, openTaskFilter, STATEMENT_NOW, taskHolds, tasks, users } from "../db/schema";

export const FEATURED_LIMIT = 6;
export const TOP_WORKERS_LIMIT = 8;
export const APPLICANTS_LIMIT = 8;
/** Seconds the landing payload lives in the edge cache. */
export const LANDING_CACHE_SECONDS = 30;
/** A synthetic URL: the cache key of the public landing payload (bump the version when its shape changes). */
export const LANDING_CACHE_KEY = "https://cache.coinwork.internal/landing/v1";

export interface CategoryCount {
  category: Category;
  /** Sum of the open slots of the category's open tasks (0 when none). */
  openPositions: number;
}

export interface FeaturedTask {
  id: string;
  taskTitle: string;
  taskImageUrl: string | null;
  category: string;
  payableAmount: number;
  requiredWorkers: number;
  completionDate: string;
  buyerName: string;
}

export interface PublicWorker {
  id: string;
  name: string;
  photo: string | null;
  coin: number;
}

export interface Applicant {
  id: string;
  name: string;
  photo: string;
}

export interface LandingData {
  categories: CategoryCount[];
  featured: FeaturedTask[];
  workers: PublicWorker[];
  applicants: Applicant[];
  /** When the payload was read from D1 (ms); tells a cached copy from a fresh one. */
  generatedAt: number;
}

/** At most this many run-out starts are added to the categories' open positions (the cron returns 200 a run). */
const LAPSED_READ_LIMIT = 1000;

/**
 * All nine categories with their open positions, in the product's category order; 0 for a category without open
 * tasks. Sums the per-day counters of open_task_days (kept by triggers on tasks) dated today or later: at most
 * nine rows a day, however many tasks there are.
 */
export async function categoryCounts(env: Pick<Env, "DB">, today = deadlineDay()): Promise<CategoryCount[]> {
  const db = getDb(env);
  const [rows, lapsed] = await Promise.all([
    db
      .select({ category: openTaskDays.category, openPositions: sql<number>`sum(${openTaskDays.slots})` })
      .from(openTaskDays)
      .where(gte(openTaskDays.completionDate, today))
      .groupBy(openTaskDays.category),
    // and the slots of starts whose time has run out, open to anyone until the Cron Trigger returns them: one row
    // each, read from task_holds_expiry_idx (the cron keeps them to a quarter of an hour's; counted here, no sort)
    db
      .select({ category: tasks.category })
      .from(sql`${taskHolds} INDEXED BY task_holds_expiry_idx`)
      .innerJoin(tasks, eq(tasks.id, taskHolds.taskId))
      .where(
        and(
          sql`${taskHolds.expiresAt} <= ${STATEMENT_NOW} AND ${taskHolds.payableAmount} >= ${tasks.payableAmount}`,
          isNull(tasks.deletedAt),
          gte(tasks.completionDate, today),
        ),
      )
      .limit(LAPSED_READ_LIMIT),
  ]);
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.category, Number(r.openPositions) || 0);
  for (const r of lapsed) counts.set(r.category, (counts.get(r.category) ?? 0) + 1);
  return CATEGORIES.map((category) => ({ category, openPositions: counts.get(category) ?? 0 }));
}

/**
 * The open tasks that pay most per worker (ties: newest first). Walks tasks_open_pay_idx, whose entries carry the
 * completion date, and stops after `limit` matches.
 */
export async function featuredTasks(
  env: Pick<Env, "DB">,
  limit = FEATURED_LIMIT,
  today = deadlineDay(),
): Promise<FeaturedTask[]> {
  return (
    getDb(env)
      .select({
        id: tasks.id,
        taskTitle: tasks.taskTitle,
        taskImageUrl: tasks.taskImageUrl,
        category: tasks.category,
        payableAmount: tasks.payableAmount,
        requiredWorkers: openSlotsNow,
        completionDate: tasks.completionDate,
        buyerName: users.name,
      })
      .from(tasks)
      .innerJoin(users, eq(users.id, tasks.buyerId))
      // walk the pay order rather than sort every task dated today or later
      .where(openTaskFilter(today, false))
      .orderBy(desc(tasks.payableAmount), desc(tasks.createdAt))
      .limit(limit)
  );
}

/** Workers (not disabled) with the most coins. Walks users_role_coin_idx (partial: disabled_at IS NULL). */
export async function topWorkers(env: Pick<Env, "DB">, limit = TOP_WORKERS_LIMIT): Promise<PublicWorker[]> {
  return getDb(env)
    .select({ id: users.id, name: users.name, photo: users.photo, coin: users.coin })
    .from(users)
    .where(and(eq(users.role, "Worker"), isNull(users.disabledAt)))
    .orderBy(desc(users.coin))
    .limit(limit);
}

/**
 * The most recent workers who have a photo (the landing page's applicants: photo and name).
 * Walks users_created_idx newest first and stops after `limit` matches.
 */
export async function recentApplicants(env: Pick<Env, "DB">, limit = APPLICANTS_LIMIT): Promise<Applicant[]> {
  const rows = await getDb(env)
    .select({ id: users.id, name: users.name, photo: users.photo })
    .from(users)
    // "+role": walk users_created_idx newest first instead of sorting every worker from users_role_coin_idx
    .where(and(sql`+${users.role} = 'Worker'`, isNull(users.disabledAt), isNotNull(users.photo), ne(users.photo, "")))
    .orderBy(desc(users.createdAt))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, name: r.name, photo: r.photo ?? "" }));
}

/** The four public lists read from D1 in one parallel step (no caching). */
export async function loadLandingData(env: Pick<Env, "DB">, today = deadlineDay()): Promise<LandingData> {
  const [categories, featured, workers, applicants] = await Promise.all([
    categoryCounts(env, today),
    featuredTasks(env, FEATURED_LIMIT, today),
    topWorkers(env, TOP_WORKERS_LIMIT),
    recentApplicants(env, APPLICANTS_LIMIT),
  ]);
  return { categories, featured, workers, applicants, generatedAt: Date.now() };
}

export function edgeCache(): Cache | null {
  // caches.default exists in workerd (production, wrangler dev, vitest); absent elsewhere.
  const storage = (globalThis as { caches?: CacheStorage & { default?: Cache } }).caches;
  return storage?.default ?? null;
}

/**
 * The landing page's public payload, from the edge cache when a copy younger than LANDING_CACHE_SECONDS exists, otherwise
 * from D1 (then stored). The payload holds public data only, so one copy serves every visitor.
 */
export async function landingData(
  env: Pick<Env, "DB">,
  ctx?: Pick<ExecutionContext, "waitUntil">,
): Promise<LandingData> {
  const cache = edgeCache();
  if (cache) {
    try {
      const hit = await cache.match(LANDING_CACHE_KEY);
      if (hit) return (await hit.json()) as LandingData;
    } catch (e) {
      console.warn("landing cache read failed", e);
    }
  }
  const data = await loadLandingData(env);
  if (cache) {
    const response = new Response(JSON.stringify(data), {
      headers: { "Content-Type": "application/json", "Cache-Control": `public, max-age=${LANDING_CACHE_SECONDS}` },
    });
    const stored = cache.put(LANDING_CACHE_KEY, response).catch((e) => console.warn("landing cache write failed", e));
    if (ctx) ctx.waitUntil(stored);
    else await stored;
  }
  return data;
}

/** Drops the cached landing payload (tests; an admin action that must show at once). */
export async function clearLandingCache(): Promise<boolean> {
  return (await edgeCache()?.delete(LANDING_CACHE_KEY)) ?? false;
}
