import type { Route } from "./+types/image";
import { getEnv } from "~/server/context";
import { json, methodNotAllowed } from "~/server/http/api.server";
import { apiMiddleware } from "~/server/http/cors.server";

/** CORS for configured origins (preflight answered), as on every REST route. */
export const middleware = apiMiddleware;

/** GET /images/:key: an uploaded image from R2, cached for a year (keys are never reused). */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const key = params.key;
  if (!/^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/.test(key)) return notFoundJson();
  const object = await getEnv(context).IMAGES.get(key, { onlyIf: request.headers });
  if (!object) return notFoundJson();
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
  headers.set("X-Content-Type-Options", "nosniff");
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  return new Response(object.body, { headers });
}

/** Only GET: uploads go to POST /images. */
export const action = () => methodNotAllowed(["GET"]);

/** The API's error shape for a missing image, as for every other REST refusal. */
function notFoundJson() {
  return json({ error: { code: "not_found", message: "Image not found" } }, 404);
}
