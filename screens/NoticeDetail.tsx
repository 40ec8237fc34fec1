'use client';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'wouter';
import { useApiQuery } from '@/components/api/useApiQuery';
import { NoticeArticle } from '@/components/notice/NoticeCards';
import { EmptyState, LoadingState, ScreenFrame } from '@/components/ScreenFrame';
import { endpoints } from '@/lib/api/contract';
import type { ScreenProps } from '@/lib/routes';

/** One announcement (`?id=`): title, time and its rich text, in the reader's language. */
export default function NoticeDetail({ route }: ScreenProps) {
  const t = useTranslations();
  const id = useSearchParams()[0].get('id') ?? '';
  const valid = /^[1-9]\d{0,9}$/.test(id);
  const notice = useApiQuery(endpoints.getNoticeDetail, { id }, { enabled: valid });
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="NoticeDetail">
        {notice.data ? (
          <NoticeArticle notice={notice.data} />
        ) : !valid || notice.isError ? (
          <EmptyState title={t('notice.notFound')} body={null} />
        ) : (
          <LoadingState />
        )}
      </div>
    </ScreenFrame>
  );
}
