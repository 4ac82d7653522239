import { useEffect, useId, useState } from "react";
import { ImageIcon } from "~/components/icons";
import { Label } from "./ui/input";

/**
 * A file input for one image with a live preview. The file travels with its form (multipart),
 * so it works without JavaScript; the server checks the bytes.
 */
export function ImagePicker({
  name = "image",
  label,
  initialUrl,
  error,
  round = false,
}: {
  name?: string;
  label: string;
  initialUrl?: string | null;
  error?: string | null;
  round?: boolean;
}) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(initialUrl ?? null);
  const [localError, setLocalError] = useState<string | null>(null);
  useEffect(() => () => void (preview?.startsWith("blob:") && URL.revokeObjectURL(preview)), [preview]);
  const message = localError ?? error;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-4">
        <div
          className={`flex size-16 shrink-0 items-center justify-center overflow-hidden border border-border bg-muted ${round ? "rounded-full" : "rounded-lg"}`}
        >
          {preview ? (
            <img src={preview} alt="Preview of the chosen image" className="size-full object-cover" />
          ) : (
            <ImageIcon className="size-6 text-muted-foreground" aria-hidden />
          )}
        </div>
        <input
          id={id}
          name={name}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          className="block w-full text-sm file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            setLocalError(null);
            if (!file) return setPreview(initialUrl ?? null);
            if (!file.type.startsWith("image/")) {
              setLocalError("Please choose an image file");
              e.currentTarget.value = "";
              return setPreview(initialUrl ?? null);
            }
            if (file.size > 5 * 1024 * 1024) {
              setLocalError("Images can be at most 5 MB");
              e.currentTarget.value = "";
              return setPreview(initialUrl ?? null);
            }
            setPreview(URL.createObjectURL(file));
          }}
        />
      </div>
      {message ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}
