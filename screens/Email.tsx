'use client';
import { useTranslations } from 'next-intl';
import { Link, useSearchParams } from 'wouter';
import { useApiPages } from '@/components/api/useApiQuery';
import { ListFooter } from '@/components/ListFooter';
import { MailRow } from '@/components/mail/MailCards';
import { EmptyState, ScreenFrame } from '@/components/ScreenFrame';
import { Tabs } from '@/components/Tabs';
import { endpoints } from '@/lib/api/contract';
import type { MailBox } from '@/lib/mail';
import type { ScreenProps } from '@/lib/routes';

/** The two boxes (`?box=inbox|sent`): mail from the administrator and the member's own, with 'write'. */
export default function Email({ route }: ScreenProps) {
  const t = useTranslations();
  const [params, setParams] = useSearchParams();
  const box: MailBox = params.get('box') === 'sent' ? 'sent' : 'inbox';
  const mails = useApiPages(endpoints.getMailList, { type: box }, 10);
  const tabs = [
    { key: 'inbox', label: t('mail.inbox'), testId: 'mail-tab-inbox' },
    { key: 'sent', label: t('mail.sent'), testId: 'mail-tab-sent' },
  ] as const;
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="Email" className="space-y-3">
        <div className="flex items-center gap-3">
          <div className="flex-1">
            <Tabs tabs={tabs} value={box} onChange={(key) => setParams({ box: key }, { replace: true })} />
          </div>
          <Link to="/email/reply" data-testid="mail-write" className="rounded-xl bg-gold px-4 py-3 text-sm font-semibold text-on-gold">
            {t('mail.write')}
          </Link>
        </div>
        {mails.list.length === 0 && !mails.isLoading ? (
          <EmptyState title={t(box === 'inbox' ? 'mail.emptyInbox' : 'mail.emptySent')} body={t('mail.emptyHint')} />
        ) : (
          mails.list.map((m) => <MailRow key={m.id} mail={m} box={box} />)
        )}
        <ListFooter pages={mails} />
      </div>
    </ScreenFrame>
  );
}
