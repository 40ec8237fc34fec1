'use client';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'wouter';
import { MailForm } from '@/components/mail/MailForm';
import { ScreenFrame } from '@/components/ScreenFrame';
import type { ScreenProps } from '@/lib/routes';

/** Write to the administrator, or answer their mail (`?id=&title=` from EmailDetailInbox). */
export default function EmailReply({ route }: ScreenProps) {
  const t = useTranslations();
  const [params] = useSearchParams();
  const id = params.get('id');
  const replyTo = id && /^[1-9]\d{0,9}$/.test(id) ? { id, title: params.get('title') ?? '' } : undefined;
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="EmailReply">
        <MailForm replyTo={replyTo} />
      </div>
    </ScreenFrame>
  );
}
