'use client';
import { useTranslations } from 'next-intl';
import { useApiMutation } from '../api/useApiMutation';
import { useApiQuery } from '../api/useApiQuery';
import { endpoints } from '@/lib/api/contract';
import type { ReminderKind } from '@/lib/email';

/**
 * The reminder emails' kinds, each with its switch (server/reminders/: a stake's period ended, withdrawal
 * results, the administrator's replies, the community application). Every email also carries a one-tap
 * unsubscribe link for its kind; turning a kind back on happens here.
 */
export function ReminderSwitches() {
  const t = useTranslations('emailSetting');
  const reminders = useApiQuery(endpoints.getEmailReminders, {});
  const toggle = useApiMutation(endpoints.setEmailReminder, { invalidates: [endpoints.getEmailReminders], success: 'success.modified' });
  const data = reminders.data;
  return (
    <section data-testid="email-reminders" className="space-y-3 rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      <h2 className="text-sm font-semibold text-fg">{t('remindersTitle')}</h2>
      <p className="text-xs text-haze">{t('remindersHint')}</p>
      {data?.email_bound === '0' ? (
        <p data-testid="reminders-no-email" className="text-xs text-gold">
          {t('remindersNoEmail')}
        </p>
      ) : null}
      <ul className="divide-y divide-ink-line">
        {(data?.list ?? []).map(({ kind, on }) => {
          const checked = on === '1';
          const label = t(`kind_${kind satisfies ReminderKind}`);
          return (
            <li key={kind} className="flex items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm text-fg">{label}</p>
                <p className="text-xs text-haze">{t(`kind_${kind}_hint`)}</p>
              </div>
              <button
                type="button"
                role="switch"
                aria-checked={checked}
                aria-label={label}
                data-testid={`reminder-${kind}`}
                disabled={toggle.busy}
                onClick={() => void toggle.run({ kind, on: checked ? '0' : '1' })}
                className={`relative h-6 w-11 shrink-0 rounded-full transition-colors disabled:opacity-60 ${checked ? 'bg-gold' : 'bg-ink-line'}`}
              >
                <span className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-[left] ${checked ? 'left-[1.375rem]' : 'left-0.5'}`} />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
