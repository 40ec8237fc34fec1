'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'wouter';
import { invalidateEndpoints } from '@/components/api/keys';
import { useApiQuery } from '@/components/api/useApiQuery';
import { MailBody } from '@/components/mail/MailCards';
import { EmptyState, LoadingState, ScreenFrame } from '@/components/ScreenFrame';
import { endpoints } from '@/lib/api/contract';
import type { ScreenProps } from '@/lib/routes';

/** A mail from the administrator (`?id=`). Opening it marks it viewed, so the menu's unread badge and the inbox refresh. */
export default function EmailDetailInbox({ route }: ScreenProps) {
  const t = useTranslations();
  const client = useQueryClient();
  const id = useSearchParams()[0].get('id') ?? '';
  const valid = /^[1-9]\d{0,9}$/.test(id);
  const mail = useApiQuery(endpoints.getMailDetail, { id }, { enabled: valid });
  const opened = mail.data?.id;
  useEffect(() => {
    if (opened) void invalidateEndpoints(client, [endpoints.getUserInfo, endpoints.getMailList]);
  }, [client, opened]);
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="EmailDetailInbox" className="space-y-3">
        {mail.data ? (
          <>
            <MailBody mail={mail.data} from={t('mail.administrator')} />
            <Link
              to={`/email/reply?${new URLSearchParams({ id: mail.data.id, title: mail.data.title }).toString()}`}
              data-testid="mail-reply-button"
              className="block rounded-xl bg-gold py-3 text-center text-sm font-semibold text-on-gold"
            >
              {t('mail.reply')}
            </Link>
          </>
        ) : !valid || mail.isError ? (
          <EmptyState title={t('mail.notFound')} body={null} />
        ) : (
          <LoadingState />
        )}
      </div>
    </ScreenFrame>
  );
}
