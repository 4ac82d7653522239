import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import type { ShownFlash } from "~/lib/flash";
import { useWords } from "~/lib/i18n/react";

/**
 * The toast area, and the flash of the current page shown as a toast. Loaded lazily after hydration (sonner
 * stays out of the initial JavaScript); toasts raised before it mounts are replayed by sonner when it does.
 * Toasts sit at the bottom (full width on phones), where they cover no live figure: the top bar shows the coin
 * balance and the bell, which change right when a toast tells why.
 */
export default function AppToaster({ flash }: { flash: ShownFlash | null }) {
  const t = useWords("common");
  useEffect(() => {
    if (!flash) return;
    const show = flash.type === "error" ? toast.error : flash.type === "success" ? toast.success : toast.info;
    // by its id: a flash is one toast, even when this effect runs twice
    show(flash.title, { description: flash.message, id: flash.id });
  }, [flash]);
  return (
    <Toaster
      position="bottom-right"
      duration={5000}
      visibleToasts={20}
      richColors
      closeButton
      containerAriaLabel={t("toast.region")}
      toastOptions={{ closeButtonAriaLabel: t("toast.close") }}
    />
  );
}
