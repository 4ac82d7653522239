import { useEffect } from "react";
import { Toaster, toast } from "sonner";
import type { Flash } from "~/lib/flash";

/**
 * The toast area, and the flash of the current page shown as a toast. Loaded lazily after hydration (sonner
 * stays out of the initial JavaScript); toasts raised before it mounts are replayed by sonner when it does.
 */
export default function AppToaster({ flash }: { flash: Flash | null }) {
  useEffect(() => {
    if (!flash) return;
    const show = flash.type === "error" ? toast.error : flash.type === "success" ? toast.success : toast.info;
    show(flash.title, { description: flash.message });
  }, [flash]);
  return <Toaster position="top-right" duration={5000} visibleToasts={20} richColors closeButton />;
}
