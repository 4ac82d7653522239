import type * as React from "react";

/** The `srcset` of an image kept as `<base>-<width>.webp` at each of `widths`. */
export const webpSrcSet = (base: string, widths: readonly number[]) =>
  widths.map((w) => `${base}-${w}.webp ${w}w`).join(", ");

/**
 * A picture of the public pages, kept as WebP at a few widths (`<base>-<width>.webp`): the widest is its `src` and
 * gives its `width`. Below the fold it loads lazily; `priority` fetches it first instead (the top of a page).
 */
export function WebpImage({
  base,
  widths,
  priority = false,
  ...image
}: {
  base: string;
  widths: readonly number[];
  priority?: boolean;
  sizes: string;
  height: number;
  alt: string;
  className: string;
}) {
  const load: React.ImgHTMLAttributes<HTMLImageElement> = priority
    ? { fetchPriority: "high" }
    : { loading: "lazy", decoding: "async" };
  const width = Math.max(...widths);
  return <img {...load} src={`${base}-${width}.webp`} srcSet={webpSrcSet(base, widths)} width={width} {...image} />;
}
