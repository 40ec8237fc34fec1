'use client';
import { useEffect, useState } from 'react';
import { SCROLL_THRESHOLD_PX, TIMING, debounce } from '@/lib/timing';

/** True once the page has scrolled more than the spec's 30 px; the handler is debounced at 150 ms. */
export function useScrolledPast(threshold = SCROLL_THRESHOLD_PX): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = debounce(() => setPast(window.scrollY > threshold), TIMING.scrollDebounce);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      onScroll.cancel();
      window.removeEventListener('scroll', onScroll);
    };
  }, [threshold]);
  return past;
}
