'use client';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';
import { TIMING, whenIdle } from '@/lib/timing';

type Options = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

/**
 * An autoplaying embla carousel (every 3 s) that starts once the browser is idle after `shown` content has
 * painted: embla's set-up measures its slides, which would otherwise lay the whole page out inside the task
 * that first renders it. Until then the first slide simply shows. Put the returned ref on the viewport.
 */
export function useIdleCarousel(options: Options, shown: boolean) {
  const [ref] = useEmblaCarousel(options, [Autoplay({ delay: TIMING.autoplay, stopOnInteraction: false })]);
  const [live, setLive] = useState(false);
  useEffect(() => (shown ? whenIdle(() => setLive(true)) : undefined), [shown]);
  return live ? ref : undefined;
}
