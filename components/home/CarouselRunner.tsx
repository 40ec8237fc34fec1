'use client';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect } from 'react';
import { flushSync } from 'react-dom';
import { TIMING, whenIdle } from '@/lib/timing';

export type CarouselOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

// The carousels start one per idle callback, in the order they asked: embla's set-up (measuring the slides,
// building its engine) for the banners and the notice ticker together made one long task (issue 35).
let started: Promise<void> = Promise.resolve();
function startInTurn(start: () => void): () => void {
  let live = true;
  started = started.then(
    () =>
      new Promise<void>((done) => {
        if (!live) return done();
        whenIdle(() => {
          if (live) start();
          done();
        });
      }),
  );
  return () => {
    live = false;
  };
}

/** embla with autoplay (every 3 s) on a viewport that is already on screen (see useIdleCarousel). Renders nothing. */
export default function CarouselRunner({ viewport, options }: { viewport: HTMLElement; options: CarouselOptions }) {
  const [ref] = useEmblaCarousel(options, [Autoplay({ delay: TIMING.autoplay, stopOnInteraction: false })]);
  useEffect(() => {
    // flushSync: embla is created in this idle callback, not in a later render that could meet the other's.
    const cancel = startInTurn(() => flushSync(() => ref(viewport)));
    return () => {
      cancel();
      ref(null);
    };
  }, [ref, viewport]);
  return null;
}
