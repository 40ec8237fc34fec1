'use client';
import { useLayoutEffect } from 'react';
import { removeEarlyBanner } from '@/lib/early-replies';
import { useIdleCarousel } from './useIdleCarousel';
import type { Banner } from '@/lib/api/replies';

const BANNER_OPTIONS = { loop: true };

/** Home banners: autoplay every 3 s, 160 px high; a slide with a url opens it. While loading, the space is kept. */
export function BannerCarousel({ banners, loading }: { banners: Banner[]; loading: boolean }) {
  const { ref, runner } = useIdleCarousel(BANNER_OPTIONS, !loading && banners.length > 0);
  // The page's early copy of the first banner (app/early-requests.ts) leaves in the frame this one appears.
  useLayoutEffect(() => {
    if (!loading) removeEarlyBanner();
  }, [loading]);
  if (loading) return <div aria-hidden className="h-[160px] animate-pulse rounded-2xl bg-ink-card ring-1 ring-ink-line" />;
  if (banners.length === 0) return null;
  return (
    <div data-testid="banners" className="overflow-hidden rounded-2xl ring-1 ring-ink-line" ref={ref}>
      <div className="flex">
        {banners.map((b, i) => {
          const img = (
            <img
              src={b.img_path}
              alt={b.img_title}
              width={380}
              height={160}
              fetchPriority={i === 0 ? 'high' : 'auto'}
              className="h-[160px] w-full object-cover"
            />
          );
          return (
            <div key={b.id} className="min-w-0 shrink-0 grow-0 basis-full">
              {b.url_path ? (
                <a href={b.url_path} aria-label={b.img_title}>
                  {img}
                </a>
              ) : (
                img
              )}
            </div>
          );
        })}
      </div>
      {runner}
    </div>
  );
}
