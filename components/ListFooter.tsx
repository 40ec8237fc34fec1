'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';

type Pages = { hasNextPage: boolean; isFetching: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown; list: readonly unknown[] };

/** The end of a paginated list: loads the next page when scrolled into view, then says 'No more data yet'. */
export function ListFooter({ pages }: { pages: Pages }) {
  const t = useTranslations('common');
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    const el = sentinel.current;
    if (!el) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && hasNextPage && !isFetchingNextPage && void fetchNextPage());
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return (
    <div ref={sentinel} className="py-4 text-center text-xs text-haze">
      {pages.isFetching ? t('loading') : pages.list.length > 0 && !hasNextPage ? t('noMoreData') : ''}
    </div>
  );
}
