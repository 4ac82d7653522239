import { cn } from "~/lib/cn";

/** public/images/categories/<slug>.webp: the illustration shown when a task has no image of its own. */
export function categoryImage(category: string): string {
  const slug = category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `/images/categories/${slug}.webp`;
}

/** A task's picture (its own upload, or its category's illustration), cropped to a fixed ratio. */
export function TaskImage({
  src,
  category,
  className,
  priority = false,
  alt = "",
}: {
  src: string | null;
  category: string;
  className?: string;
  priority?: boolean;
  alt?: string;
}) {
  return (
    <div className={cn("relative overflow-hidden bg-muted", className)}>
      <img
        src={src || categoryImage(category)}
        alt={alt}
        width={640}
        height={400}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        className="absolute inset-0 size-full object-cover"
      />
    </div>
  );
}
