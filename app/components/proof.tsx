// A submission's proof as every screen shows it: the buyer reviewing it, the worker checking what they sent, the
// admin deciding an appeal. One look, so all three see the same thing.
import { cn } from "~/lib/cn";
import { useWords } from "~/lib/i18n/react";

export interface Proof {
  text: string;
  imageUrl: string | null;
}

/** The proof in full: the image if there is one (opens full size), the text if there is one, else SPEC's words. */
export function ProofBody({ proof, alt, className }: { proof: Proof; alt: string; className?: string }) {
  const t = useWords("common");
  const text = proof.text.trim();
  if (!proof.imageUrl && !text)
    return <p className={cn("text-sm text-muted-foreground", className)}>{t("proof.noDetails")}</p>;
  return (
    <div className={cn("grid gap-3", className)}>
      {proof.imageUrl ? (
        <a
          href={proof.imageUrl}
          target="_blank"
          rel="noreferrer"
          className="block overflow-hidden rounded-lg border border-border bg-muted"
        >
          <img
            src={proof.imageUrl}
            alt={alt}
            className="mx-auto max-h-[50dvh] w-auto object-contain"
            data-testid="submission-image"
          />
        </a>
      ) : null}
      {text ? (
        <p
          className="whitespace-pre-wrap break-words rounded-lg bg-muted px-4 py-3 text-sm leading-relaxed"
          data-testid="submission-text"
        >
          {text}
        </p>
      ) : null}
    </div>
  );
}

/** A list row's glimpse of the proof: a thumbnail (or a mark saying there is none) and the first words. */
export function ProofGlimpse({ excerpt, imageUrl }: { excerpt: string; imageUrl: string | null }) {
  const t = useWords("common");
  return (
    <div className="glimpse">
      {imageUrl ? (
        <img src={imageUrl} alt={t("proof.imageAlt")} width={48} height={48} loading="lazy" />
      ) : (
        <span>{t("proof.noImage")}</span>
      )}
      <p>{excerpt || t("proof.noText")}</p>
    </div>
  );
}
