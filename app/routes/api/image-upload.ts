import { AppError } from "~/server/errors";
import { examples } from "~/server/http/endpoint.server";
import { json, rest } from "~/server/http/rest.server";
import { readForm } from "~/server/http/form.server";
import { userContext } from "~/server/context";
import { rateLimitUploads, storeImage, UPLOAD_LIMIT } from "~/server/services/images.server";

const stored = `${examples.origin}/images/${examples.id}.png`;

export const loader = rest("/images", "Images", {
  POST: {
    summary: "Upload an image (PNG, JPEG, WebP or GIF, at most 5 MB and 4 megapixels)",
    description:
      "The type is read from the file's bytes, the size in pixels from its header (413 over the bound, 422 for a damaged or cut file). Answers in the image host's shape the spec's client reads. Open to visitors (registration uploads the photo first); rate limited.",
    access: "public",
    multipart: [{ name: "image", description: "the image file" }],
    responses: [
      {
        status: 201,
        description: "Stored",
        example: { data: { url: stored, display_url: stored }, success: true, status: 201 },
      },
    ],
    errors: [400, 413, 415, 422, 429],
    handler: async ({ request, env, context }) => {
      await rateLimitUploads(env, request, context.get(userContext)?.id ?? null);
      const form = await readForm(request, {
        ...UPLOAD_LIMIT,
        unreadable: "Send the image as multipart/form-data in the field 'image'",
      });
      const file = form.get("image");
      if (!file || typeof file === "string")
        throw new AppError("validation_failed", "An image is required", { image: ["An image is required"] });
      // an image no row comes to use is removed by the daily job (jobs/orphan-images.server.ts)
      const { url } = await storeImage(env, file);
      const absolute = new URL(url, request.url).toString();
      return json({ data: { url: absolute, display_url: absolute }, success: true, status: 201 }, 201);
    },
  },
});
export const action = loader;
