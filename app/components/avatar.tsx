import { cn } from "~/lib/cn";
import { useWords } from "~/lib/i18n/react";

/** The avatar's size in pixels (its width and height attributes) and the class that draws it so. */
const SIZES = { 32: "size-8", 36: "size-9", 96: "size-24" } as const;

/** The user's photo, or a default avatar when none. */
export function Avatar({
  src,
  name,
  size = 36,
  className,
}: {
  src?: string | null;
  name: string;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const t = useWords("common");
  return (
    <span
      className={cn(
        "inline-flex shrink-0 overflow-hidden rounded-full bg-brand-100 ring-2 ring-white",
        SIZES[size],
        className,
      )}
    >
      <img
        src={src || "/avatars/default.svg"}
        alt={name ? t("avatar.photoOf", { name }) : t("avatar.userPhoto")}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className="size-full object-cover"
      />
    </span>
  );
}
