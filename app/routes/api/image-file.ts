import { AppError } from "~/server/errors";
import { rest } from "~/server/http/rest.server";
import { findImage } from "~/server/services/images.server";

export const loader = rest("/images/{key}", "Images", {
  GET: {
    summary: "An uploaded image, cached for a year",
    access: "public",
    pathParams: [{ name: "key", description: "the stored key, e.g. 7d4b…c11.png" }],
    responses: [{ status: 200, description: "The image with its content type", contentType: "image/*" }],
    errors: [404],
    handler: async ({ params, env, request }) => {
      const object = await findImage(env, params.key ?? "", request.headers);
      if (!object) throw new AppError("not_found", "Image not found");
      const headers = new Headers();
      object.writeHttpMetadata(headers);
      headers.set("ETag", object.httpEtag);
      // keys are random and never reused: a stored image never changes
      headers.set("Cache-Control", "public, max-age=31536000, immutable");
      // Served as data, never as a document: even opened on its own, an image runs nothing and is not sniffed as HTML.
      headers.set("X-Content-Type-Options", "nosniff");
      headers.set("Content-Security-Policy", "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
      if (!("body" in object)) return new Response(null, { status: 304, headers });
      return new Response(object.body, { headers });
    },
  },
});
export const action = loader;
