// Uploaded images that no row uses: an upload whose form was never sent (POST /images, then the page was closed), or
// one whose clean-up failed. Rows hold an image as its path, "/images/<key>" (users.photo, tasks.task_image_url,
// submissions.submission_image_url). Objects younger than the grace period are left alone: the form that will use
// them may still be on its way.

export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

/** Keys per reference query: three IN lists of this many stay under D1's 100 bound parameters. */
const KEYS_PER_QUERY = 30;

/** The keys among `keys` that some row refers to. */
async function referencedKeys(env: Env, keys: string[]): Promise<Set<string>> {
  const paths = keys.map((k) => `/images/${k}`);
  const marks = paths.map(() => "?").join(", ");
  const { results } = await env.DB.prepare(
    `SELECT photo AS path FROM users WHERE photo IN (${marks})
     UNION SELECT task_image_url FROM tasks WHERE task_image_url IN (${marks})
     UNION SELECT submission_image_url FROM submissions WHERE submission_image_url IN (${marks})`,
  )
    .bind(...paths, ...paths, ...paths)
    .all<{ path: string }>();
  return new Set(results.map((r) => r.path.slice("/images/".length)));
}

/** Deletes the R2 objects older than the grace period that no row refers to. Returns how many went. */
export async function sweepOrphanImages(env: Env, now = Date.now(), graceMs = ORPHAN_GRACE_MS): Promise<number> {
  let removed = 0;
  let cursor: string | undefined;
  do {
    const page = await env.IMAGES.list({ cursor, limit: 1000 });
    const old = page.objects.filter((o) => now - o.uploaded.getTime() > graceMs).map((o) => o.key);
    for (let i = 0; i < old.length; i += KEYS_PER_QUERY) {
      const keys = old.slice(i, i + KEYS_PER_QUERY);
      const used = await referencedKeys(env, keys);
      const orphans = keys.filter((k) => !used.has(k));
      if (orphans.length > 0) await env.IMAGES.delete(orphans);
      removed += orphans.length;
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return removed;
}
