'use client';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { whenIdle } from '@/lib/timing';
import type { CarouselOptions } from './CarouselRunner';

// embla and its autoplay load with the first carousel that starts, not with Home's first render.
const CarouselRunner = lazy(() => import('./CarouselRunner'));

/**
 * An autoplaying embla carousel (every 3 s) that starts once the browser is idle after `shown` content has
 * painted: embla's set-up measures its slides, which would otherwise lay the whole page out inside the task
 * that first renders it, and embla itself loads then. Until then the first slide simply shows. Put the
 * returned `ref` on the viewport and render `runner` anywhere in the component.
 */
export function useIdleCarousel(options: CarouselOptions, shown: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!shown) return;
    const cancel = whenIdle(() => setViewport(ref.current));
    // Hidden again (loading): the viewport element goes; the carousel starts afresh on the next one.
    return () => {
      cancel();
      setViewport(null);
    };
  }, [shown]);
  const runner = viewport ? (
    <Suspense fallback={null}>
      <CarouselRunner viewport={viewport} options={options} />
    </Suspense>
  ) : null;
  return { ref, runner };
}
