'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { endpoints } from '@/lib/api/contract';
import { checkEmail, isCode, normalizeEmail } from '@/lib/email';
import { useApiMutation } from '../api/useApiMutation';
import { useToast } from '../Toast';
import { CodeField, fieldClass } from './CodeField';

// What a binding changes: the member's info (the menu shows the email).
// The reminder switches say whether an email is bound (email_bound): binding or changing one refreshes them too.
const invalidates = [endpoints.getUserInfo, endpoints.getEmailReminders];

type Translate = ReturnType<typeof useTranslations>;
/** The email field's message, or null when it can be used. */
const emailMessage = (t: Translate, raw: string, empty: 'validation.emailFirst' | 'validation.newEmail') => {
  const problem = checkEmail(raw);
  return problem === 'required' ? t(empty) : problem ? t('emailSetting.invalidEmail') : null;
};
const codeMessage = (t: Translate, code: string) => (!code ? t('validation.verificationCode') : isCode(code) ? null : t('emailSetting.codeFormat'));

function Submit({ testId, busy, label, onClick }: { testId: string; busy: boolean; label: string; onClick: () => void }) {
  const t = useTranslations('common');
  return (
    <button
      data-testid={testId}
      disabled={busy}
      onClick={onClick}
      className="w-full rounded-xl bg-gold py-3 text-sm font-semibold text-on-gold disabled:opacity-50"
    >
      {busy ? t('loading') : label}
    </button>
  );
}

/** A first email: enter it, send a code to it, enter the code, bind. */
export function BindEmailForm() {
  const t = useTranslations();
  const toast = useToast();
  const bind = useApiMutation(endpoints.bindEmail, { invalidates, success: 'success.binding' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const checkedEmail = () => {
    const message = emailMessage(t, email, 'validation.emailFirst');
    if (message) toast.show(message);
    return message ? null : normalizeEmail(email);
  };
  const submit = () => {
    const address = checkedEmail();
    if (address === null) return;
    const message = codeMessage(t, code);
    if (message) return toast.show(message);
    void bind.run({ email: address, code });
  };
  return (
    <section data-testid="email-bind" className="space-y-3 rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      <h2 className="text-sm font-semibold text-fg">{t('emailSetting.bindTitle')}</h2>
      <p className="text-xs text-haze">{t('emailSetting.bindHint')}</p>
      <label className="block space-y-1 text-xs text-haze">
        <span>{t('emailSetting.email')}</span>
        <input
          data-testid="email-input"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t('validation.emailFirst')}
          autoComplete="email"
          className={fieldClass}
        />
      </label>
      <CodeField scene="bind" value={code} onChange={setCode} check={checkedEmail} testId="bind-code" />
      <Submit testId="email-bind-submit" busy={bind.busy} label={t('emailSetting.bind')} onClick={submit} />
    </section>
  );
}

/** A new email: a code to the current one first, then the new email and a code to it, then both together. */
export function ChangeEmailForm({ current }: { current: string }) {
  const t = useTranslations();
  const toast = useToast();
  const change = useApiMutation(endpoints.changeEmail, { invalidates, success: 'success.modified' });
  const [oldCode, setOldCode] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const checkedNew = () => {
    const message = emailMessage(t, email, 'validation.newEmail') ?? (normalizeEmail(email) === current ? t('emailSetting.same') : null);
    if (message) toast.show(message);
    return message ? null : normalizeEmail(email);
  };
  const submit = async () => {
    const first = codeMessage(t, oldCode);
    if (first) return toast.show(first);
    const address = checkedNew();
    if (address === null) return;
    const second = codeMessage(t, code);
    if (second) return toast.show(second);
    if (await change.run({ old_code: oldCode, email: address, code })) {
      setOldCode('');
      setEmail('');
      setCode('');
    }
  };
  return (
    <section data-testid="email-change" className="space-y-3 rounded-2xl bg-ink-card p-4 ring-1 ring-ink-line">
      <h2 className="text-sm font-semibold text-fg">{t('emailSetting.changeTitle')}</h2>
      <p className="text-xs font-semibold text-gold">{t('emailSetting.stepOld')}</p>
      <CodeField scene="change-old" value={oldCode} onChange={setOldCode} check={() => undefined} testId="old-code" />
      <p className="pt-2 text-xs font-semibold text-gold">{t('emailSetting.stepNew')}</p>
      <label className="block space-y-1 text-xs text-haze">
        <span>{t('emailSetting.newEmail')}</span>
        <input
          data-testid="new-email-input"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t('validation.newEmail')}
          autoComplete="email"
          className={fieldClass}
        />
      </label>
      <CodeField scene="change-new" value={code} onChange={setCode} check={checkedNew} testId="new-code" />
      <p className="text-xs text-haze">{t('emailSetting.changeHint')}</p>
      <Submit testId="email-change-submit" busy={change.busy} label={t('emailSetting.change')} onClick={() => void submit()} />
    </section>
  );
}
