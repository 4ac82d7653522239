// The shape of a signed-in page with none of the app in it (npm run bench:api, the "bare page" cases): one D1
// read (the session check), then one batch of the page's reads, then `rows` rows of a list like the app's. What
// the stack itself costs for a page of that shape is the most any page of that shape can reach.
import type { LoaderFunctionArgs } from "react-router";
import { databaseContext } from "../context";

const READS_PER_PAGE = 6;
let filled: Promise<unknown> | undefined;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const db = context.get(databaseContext);
  filled ??= db.batch([
    db.prepare("CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, name TEXT NOT NULL, coin INTEGER NOT NULL)"),
    db.prepare(
      "INSERT OR IGNORE INTO rows WITH RECURSIVE s(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM s WHERE v < 1000) " +
        "SELECT v, 'row ' || v, v * 3 FROM s",
    ),
  ]);
  await filled;
  await db.prepare("SELECT * FROM rows WHERE id = ?").bind(1).first();
  await db.batch(
    Array.from({ length: READS_PER_PAGE }, (_, i) =>
      db.prepare("SELECT * FROM rows WHERE id > ? ORDER BY id LIMIT 10").bind(i * 10),
    ),
  );
  const rows = Math.min(Number(new URL(request.url).searchParams.get("rows")) || 0, 1000);
  return { rows: Array.from({ length: rows }, (_, i) => ({ id: i, name: `Task title number ${i}`, coin: i * 7 })) };
}

function Icon() {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      className="lucide size-4"
    >
      <path d="M12 2v20M17 5H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6" />
    </svg>
  );
}

export default function Shape({ loaderData }: { loaderData: Awaited<ReturnType<typeof loader>> }) {
  return (
    <main className="p-4">
      <h1>Coinwork</h1>
      <ul>
        {loaderData.rows.map((r) => (
          <li
            key={r.id}
            className="flex items-center justify-between gap-4 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700 shadow-sm"
          >
            <Icon />
            <span className="truncate font-medium">{r.name}</span>
            <a href={`/x/${r.id}`} className="text-emerald-700 underline-offset-4 hover:underline">
              Review {r.id}
            </a>
            <span>{r.coin} coins</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
