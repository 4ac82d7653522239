// Loaded lazily after hydration (see carousel.tsx): embla and its autoplay plugin stay out of the initial JS.
import { useEffect, useMemo } from "react";
import useEmblaCarousel from "embla-carousel-react";
import Autoplay from "embla-carousel-autoplay";
import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";

export interface EmblaControllerProps {
  viewport: HTMLElement;
  options: EmblaOptionsType;
  /** Autoplay delay in ms; 0 for none. */
  autoplayMs: number;
  onApi: (api: EmblaCarouselType | null) => void;
}

/** Attaches embla to markup rendered on the server; renders nothing itself. */
export default function EmblaController({ viewport, options, autoplayMs, onApi }: EmblaControllerProps) {
  const plugins = useMemo(
    () =>
      autoplayMs > 0
        ? [Autoplay({ delay: autoplayMs, stopOnInteraction: false, stopOnMouseEnter: false, stopOnFocusIn: true })]
        : [],
    [autoplayMs],
  );
  const [emblaRef, api] = useEmblaCarousel(options, plugins);
  useEffect(() => {
    emblaRef(viewport);
    return () => emblaRef(null);
  }, [emblaRef, viewport]);
  useEffect(() => {
    onApi(api ?? null);
    return () => onApi(null);
  }, [api, onApi]);
  return null;
}
