import { cn } from "~/lib/cn";

/** The user's photo, or a default avatar when none. */
export function Avatar({ src, name, className }: { src?: string | null; name: string; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex size-9 shrink-0 overflow-hidden rounded-full bg-brand-100 ring-2 ring-white",
        className,
      )}
    >
      <img
        src={src || "/avatars/default.svg"}
        alt={name ? `${name}'s photo` : "User photo"}
        width={36}
        height={36}
        loading="lazy"
        decoding="async"
        className="size-full object-cover"
      />
    </span>
  );
}
