// npm run bench:images
//
// What the copied-proof hash costs for the largest image an upload may have (MAX_IMAGE_PIXELS, app/lib/images.ts):
// makes one at exactly the bound in each kind the hash decodes (PNG, baseline JPEG, progressive JPEG with full
// colour, lossy WebP) with the same @jsquash codecs, then hashes each with the app's own perceptualHash
// (app/server/services/proof-hash.server.ts) in a Node process of its own, and prints the time taken and the peak
// memory it added (the process's resident high-water mark, VmHWM, over its resident size just before: the codec's
// WebAssembly heap, the pixels it hands back, the input copies). Also prints how long the header check takes to refuse
// files that declare huge images. Figures: docs/performance.md, "Images". Linux only (/proc/self/status).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SCRIPT = fileURLToPath(import.meta.url);
const JSQUASH = path.join(path.dirname(SCRIPT), "..", "node_modules", "@jsquash");

const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;
const size = (bytes: number) => (bytes < 1048576 ? `${Math.round(bytes / 1024)} KiB` : mib(bytes));

function memory(): { rss: number; peak: number } {
  const status = readFileSync("/proc/self/status", "utf8");
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) * 1024;
  return { rss: kib("VmRSS"), peak: kib("VmHWM") };
}

/** In a process of its own: hash one file with the app's code, print what it took. */
async function child(file: string) {
  await import("./lib/app-modules.ts");
  const { perceptualHash } =
    (await import("../app/server/services/proof-hash.server.ts")) as typeof import("../app/server/services/proof-hash.server.ts");
  const bytes = new Uint8Array(readFileSync(file));
  const before = memory();
  const started = performance.now();
  const hash = await perceptualHash(bytes);
  const ms = performance.now() - started;
  const after = memory();
  console.log(JSON.stringify({ hash, ms, added: after.peak - before.rss }));
}

const wasm = (file: string) => WebAssembly.compile(readFileSync(path.join(JSQUASH, file)));

/** A picture of blocks, a gradient and a little noise, as a screenshot or a photo of a page is (compressible, not flat). */
function picture(width: number, height: number) {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const block = ((x >> 7) * 7 + (y >> 7) * 3) % 5;
      data.set([(x * 255) / width, block * 50, ((seed >> 16) & 0x07) + block * 40, 255], (y * width + x) * 4);
    }
  return { width, height, data, colorSpace: "srgb" } as ImageData;
}

async function main() {
  if (process.argv[2] === "--child") return child(process.argv[3]!);
  const { MAX_IMAGE_PIXELS } = await import("../app/lib/images.ts");
  const { readImageHeader } = await import("../app/server/services/image-header.server.ts");
  const width = 2500;
  const image = picture(width, MAX_IMAGE_PIXELS / width);
  const jpeg = await import(path.join(JSQUASH, "jpeg/encode.js"));
  await jpeg.init(await wasm("jpeg/codec/enc/mozjpeg_enc.wasm"));
  const png = await import(path.join(JSQUASH, "png/encode.js"));
  await png.init(await wasm("png/codec/pkg/squoosh_png_bg.wasm"));
  const webp = await import(path.join(JSQUASH, "webp/encode.js"));
  await webp.init(await wasm("webp/codec/enc/webp_enc.wasm"));
  const kinds: [string, string, () => Promise<ArrayBuffer>][] = [
    ["PNG (RGBA)", "png", () => png.default(image)],
    ["JPEG, baseline 4:2:0", "jpg", () => jpeg.default(image, { quality: 75, baseline: true, progressive: false })],
    [
      "JPEG, progressive 4:4:4",
      "jpg",
      () => jpeg.default(image, { quality: 90, auto_subsample: false, chroma_subsample: 1 }),
    ],
    ["WebP, lossy", "webp", () => webp.default(image, { quality: 75 })],
  ];
  const dir = mkdtempSync(path.join(tmpdir(), "bench-images-"));
  const headerReads: string[] = [];
  try {
    console.log(
      `The copied-proof hash of a ${width} x ${MAX_IMAGE_PIXELS / width} image (the bound), each in a fresh process:`,
    );
    for (const [label, ext, encode] of kinds) {
      const file = path.join(dir, `largest.${ext}`);
      const bytes = new Uint8Array(await encode());
      writeFileSync(file, bytes);
      const read = performance.now();
      for (let i = 0; i < 100; i++) readImageHeader(bytes);
      headerReads.push(`${label}: ${((performance.now() - read) * 10).toFixed(0)} µs`);
      const run = spawnSync(process.execPath, [SCRIPT, "--child", file], { encoding: "utf8" });
      if (run.status !== 0) throw new Error(`${label}: ${run.stderr}`);
      const { hash, ms, added } = JSON.parse(run.stdout.trim().split("\n").pop()!) as {
        hash: string | null;
        ms: number;
        added: number;
      };
      console.log(
        `  ${label.padEnd(24)} ${size(bytes.length).padStart(9)} file  peak +${mib(added).padStart(9)}  ${Math.round(ms)} ms  hash ${hash}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // what the check before any decode costs: the header and the walk over the chunks or markers of the whole file
  console.log(`The header check of the same files (what a refusal costs at most): ${headerReads.join(", ")}`);
}

await main();
