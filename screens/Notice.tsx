'use client';
import { useTranslations } from 'next-intl';
import { useApiPages } from '@/components/api/useApiQuery';
import { ListFooter } from '@/components/ListFooter';
import { NoticeRow } from '@/components/notice/NoticeCards';
import { EmptyState, ScreenFrame } from '@/components/ScreenFrame';
import { endpoints } from '@/lib/api/contract';
import type { ScreenProps } from '@/lib/routes';

/** The latest announcements, newest first, a page at a time. */
export default function Notice({ route }: ScreenProps) {
  const t = useTranslations();
  const notices = useApiPages(endpoints.getNoticeList, {}, 10);
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="Notice" className="space-y-3">
        {notices.list.length === 0 && !notices.isLoading ? (
          <EmptyState title={t('notice.none')} body={t('notice.noneHint')} />
        ) : (
          notices.list.map((n) => <NoticeRow key={n.id} notice={n} />)
        )}
        <ListFooter pages={notices} />
      </div>
    </ScreenFrame>
  );
}
