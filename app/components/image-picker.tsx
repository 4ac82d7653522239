import { useEffect, useId, useRef, useState } from "react";
import { ImageIcon } from "~/components/icons/more";
import { FileInput } from "./ui/file-input";
import { Label } from "./ui/input";
import { MAX_IMAGE_PIXELS } from "~/lib/images";
import { useFormat, useWords } from "~/lib/i18n/react";
import { needsShrinking, shrinkImage } from "./shrink-image";

/**
 * A file input for one image with a live preview and the upload rule under it. The file travels with its form
 * (multipart), so it works without JavaScript; the server checks the bytes. With JavaScript an image over the size
 * or pixel bound is made smaller here first (shrink-image.ts: the input then holds the smaller file), or refused
 * when it cannot be (an animated GIF).
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
  const t = useWords("common");
  const f = useFormat();
  const tooManyPixels = (width: number, height: number) =>
    t("image.tooManyPixels", { width: f.count(width), height: f.count(height) });
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(initialUrl ?? null);
  /** the chosen file's name, while the input holds it */
  const [chosen, setChosen] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  /** what making the chosen image smaller did, or that it is under way */
  const [note, setNote] = useState<string | null>(null);
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
              alt={t("image.preview")}
              className="size-full object-cover"
              onLoad={(e) => {
                const { naturalWidth: width, naturalHeight: height } = e.currentTarget;
                if (!preview.startsWith("blob:") || width * height <= MAX_IMAGE_PIXELS) return;
                setLocalError(tooManyPixels(width, height));
                if (inputRef.current) inputRef.current.value = "";
                setChosen(null);
                setPreview(initialUrl ?? null);
              }}
            />
          ) : (
            <ImageIcon className="size-6 text-muted-foreground" aria-hidden />
          )}
        </div>
        <FileInput
          ref={inputRef}
          id={id}
          name={name}
          button={t("image.choose")}
          chosen={chosen}
          accept="image/png,image/jpeg,image/webp,image/gif"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : `${id}-rule`}
          className="flex-1"
          onChange={async (e) => {
            const input = e.currentTarget;
            const file = input.files?.[0];
            setLocalError(null);
            setNote(null);
            const refuse = (message: string) => {
              setLocalError(message);
              input.value = "";
              setChosen(null);
              setPreview(initialUrl ?? null);
            };
            setChosen(file?.name ?? null);
            if (!file) return setPreview(initialUrl ?? null);
            if (!file.type.startsWith("image/")) return refuse(t("image.notAnImage"));
            const size = await createImageBitmap(file).then(
              (b) => {
                // read before closing: a closed bitmap measures 0 x 0
                const measured = { width: b.width, height: b.height };
                b.close();
                return measured;
              },
              () => null,
            );
            if (size && needsShrinking(file.size, size.width, size.height)) {
              setNote(t("image.shrinking"));
              const shrunk = await shrinkImage(file);
              if (!shrunk) {
                setNote(null);
                const pixels = size.width * size.height > MAX_IMAGE_PIXELS;
                return refuse(pixels ? tooManyPixels(size.width, size.height) : t("image.tooLarge"));
              }
              const files = new DataTransfer();
              files.items.add(shrunk.file);
              input.files = files.files;
              setChosen(shrunk.file.name);
              setNote(
                t("image.shrunk", {
                  fromWidth: f.count(shrunk.from.width),
                  fromHeight: f.count(shrunk.from.height),
                  toWidth: f.count(shrunk.to.width),
                  toHeight: f.count(shrunk.to.height),
                }),
              );
              return setPreview(URL.createObjectURL(shrunk.file));
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
        <p id={`${id}-rule`} className="text-xs text-muted-foreground" aria-live="polite">
          {note ?? t("image.rule")}
        </p>
      )}
    </div>
  );
}
