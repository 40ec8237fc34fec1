'use client';
import { useRef, useState } from 'react';

const THRESHOLD_PX = 70;

/** Pulling down from the top of the page reloads it. */
export function PullToRefresh({ children }: { children: React.ReactNode }) {
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  return (
    <div
      onTouchStart={(e) => (start.current = window.scrollY === 0 ? (e.touches[0]?.clientY ?? null) : null)}
      onTouchMove={(e) => start.current !== null && setPull(Math.max(0, Math.min(120, (e.touches[0]?.clientY ?? 0) - start.current)))}
      onTouchEnd={() => {
        if (pull > THRESHOLD_PX) window.location.reload();
        start.current = null;
        setPull(0);
      }}
    >
      <div className="flex justify-center overflow-hidden transition-[height]" style={{ height: pull / 2 }} aria-hidden>
        <span className={`mt-2 h-5 w-5 rounded-full border-2 border-fg/20 border-t-gold ${pull > THRESHOLD_PX ? 'animate-spin' : ''}`} />
      </div>
      {children}
    </div>
  );
}
