// Lists that more than one REST route answers (GET /tasks?email= and GET /tasks1?email=).
import type { SessionUser } from "../auth/session.server";
import { listBuyerTasks } from "../services/tasks.server";
import { listJson, ownerFor } from "./rest.server";
import { taskWire } from "./wire.server";
import { MAX_PAGE_SIZE } from "~/lib/schemas/api";

/** A buyer's live tasks: the caller's own, or (admins) those of the buyer with that e-mail. */
export async function buyerTasksResponse(
  env: Env,
  origin: string,
  user: SessionUser,
  q: { email?: string; page?: number; limit?: number },
): Promise<Response> {
  const owner = await ownerFor(env, user, q.email);
  const limit = q.limit ?? MAX_PAGE_SIZE;
  if (!owner) return listJson([], { total: 0, page: q.page ?? 1, limit });
  const page = await listBuyerTasks(env, owner.id, { page: q.page, limit });
  return listJson(
    page.items.map((t) => taskWire(origin, t, owner)),
    page,
  );
}
