import { useEffect, useId, useRef, useState } from "react";
import { ImageIcon } from "~/components/icons";
import { Label } from "./ui/input";
import { IMAGE_RULE, IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, tooManyPixels } from "~/lib/images";

/**
 * A file input for one image with a live preview and the upload rule under it. The file travels with its form
 * (multipart), so it works without JavaScript; the server checks the bytes. With JavaScript an image over the size
 * or pixel bound is refused here first (its pixels are known once the preview has loaded it).
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
  const inputRef = useRef<HTMLInputElement>(null);
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
            <img
              src={preview}
              alt="Preview of the chosen image"
              className="size-full object-cover"
              onLoad={(e) => {
                const { naturalWidth: width, naturalHeight: height } = e.currentTarget;
                if (!preview.startsWith("blob:") || width * height <= MAX_IMAGE_PIXELS) return;
                setLocalError(tooManyPixels(width, height));
                if (inputRef.current) inputRef.current.value = "";
                setPreview(initialUrl ?? null);
              }}
            />
          ) : (
            <ImageIcon className="size-6 text-muted-foreground" aria-hidden />
          )}
        </div>
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : `${id}-rule`}
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
            if (file.size > MAX_IMAGE_BYTES) {
              setLocalError(IMAGE_TOO_LARGE);
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
      ) : (
        <p id={`${id}-rule`} className="text-xs text-muted-foreground">
          {IMAGE_RULE}
        </p>
      )}
    </div>
  );
}
