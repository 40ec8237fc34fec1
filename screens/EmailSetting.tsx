'use client';
import { useTranslations } from 'next-intl';
import { useApiQuery } from '@/components/api/useApiQuery';
import { BindEmailForm, ChangeEmailForm } from '@/components/email/EmailForms';
import { ReminderSwitches } from '@/components/email/ReminderSwitches';
import { LoadingState, ScreenFrame } from '@/components/ScreenFrame';
import { endpoints } from '@/lib/api/contract';
import type { ScreenProps } from '@/lib/routes';

/** Bind a first email, or change the bound one, each confirmed with codes sent by email; and the reminder emails' switches. */
export default function EmailSetting({ route }: ScreenProps) {
  const t = useTranslations();
  const info = useApiQuery(endpoints.getUserInfo, {});
  const email = info.data?.email ?? '';
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="EmailSetting" className="space-y-3">
        {!info.data ? (
          <LoadingState />
        ) : (
          <>
            <div className="rounded-2xl bg-ink-card px-4 py-3 text-sm ring-1 ring-ink-line">
              <p className="text-xs text-haze">{t('emailSetting.current')}</p>
              <p data-testid="current-email" className="mt-1 break-all font-semibold text-fg">
                {email || t('menu.noEmail')}
              </p>
            </div>
            {email ? <ChangeEmailForm key={email} current={email} /> : <BindEmailForm />}
            <ReminderSwitches />
          </>
        )}
      </div>
    </ScreenFrame>
  );
}
