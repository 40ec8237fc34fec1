'use client';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect } from 'react';
import { TIMING } from '@/lib/timing';

export type CarouselOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

/** embla with autoplay (every 3 s) on a viewport that is already on screen (see useIdleCarousel). Renders nothing. */
export default function CarouselRunner({ viewport, options }: { viewport: HTMLElement; options: CarouselOptions }) {
  const [ref] = useEmblaCarousel(options, [Autoplay({ delay: TIMING.autoplay, stopOnInteraction: false })]);
  useEffect(() => {
    ref(viewport);
    return () => ref(null);
  }, [ref, viewport]);
  return null;
}
