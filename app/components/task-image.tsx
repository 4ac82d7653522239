import { categoryImage } from "~/lib/categories";
import { cn } from "~/lib/cn";

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
    <div className={cn("task-image", className)}>
      <img
        src={src || categoryImage(category)}
        alt={alt}
        width={640}
        height={400}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
      />
    </div>
  );
}

/** A task's image as a small square, or its category's illustration when it has none. Decorative: the title sits beside it. */
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
