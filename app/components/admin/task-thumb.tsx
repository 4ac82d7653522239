import { cn } from "~/lib/cn";

/** "App & Website Testing" -> "/images/categories/app-website-testing.webp" (the category's illustration). */
export function categoryImage(category: string): string {
  const slug = category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `/images/categories/${slug}.webp`;
}

/** A task's image, or its category's illustration when it has none. Decorative: the title sits beside it. */
export function TaskThumb({ src, category, className }: { src: string | null; category: string; className?: string }) {
  return (
    <img
      src={src || categoryImage(category)}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      className={cn("size-12 shrink-0 rounded-lg bg-muted object-cover ring-1 ring-border", className)}
    />
  );
}
