import { describe, expect, it } from "vitest";
import encodePng, { init as initPngEnc } from "@jsquash/png/encode";
import encodeJpeg, { init as initJpegEnc } from "@jsquash/jpeg/encode";
import jpegEncWasm from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm?module";
import pngWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import { perceptualHash } from "~/server/services/proof-hash.server";

describe("probe", () => {
  it("decodes", async () => {
    await initPngEnc(pngWasm);
    await initJpegEnc(jpegEncWasm);
    const w = 64, h = 48;
    const data = new Uint8ClampedArray(w * h * 4);
    for (let i = 0; i < w * h; i++) { data[i*4] = (i % w) * 4; data[i*4+1] = 100; data[i*4+2] = 50; data[i*4+3] = 255; }
    const png = new Uint8Array(await encodePng({ width: w, height: h, data, colorSpace: "srgb" } as ImageData));
    const jpg = new Uint8Array(await encodeJpeg({ width: w, height: h, data, colorSpace: "srgb" } as ImageData, { quality: 50 }));
    expect(await perceptualHash(png)).toMatch(/^[0-9a-f]{16}$/);
    console.log(await perceptualHash(png), await perceptualHash(jpg));
  });
});
