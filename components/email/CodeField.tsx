'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { endpoints } from '@/lib/api/contract';
import { CODE_RULES, type CodeScene } from '@/lib/email';
import { useApiMutation } from '../api/useApiMutation';
import { useToast } from '../Toast';

export const fieldClass = 'w-full rounded-xl bg-ink px-3 py-3 text-sm text-fg outline-none ring-1 ring-ink-line placeholder:text-haze focus:ring-gold';

/** Seconds until another code may be asked for, counting down once a code was sent. */
function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
}

/**
 * The code input with its 'send code' button for one scene. `check` runs first (the email field's own
 * message, e.g. 'Please enter your email first') and gives the email to send to, or null to stop.
 */
export function CodeField({
  scene,
  value,
  onChange,
  check,
  testId,
}: {
  scene: CodeScene;
  value: string;
  onChange: (code: string) => void;
  check: () => string | undefined | null;
  testId: string;
}) {
  const t = useTranslations('emailSetting');
  const toast = useToast();
  const send = useApiMutation(endpoints.sendCode);
  const [left, setLeft] = useCountdown();

  const sendCode = async () => {
    const email = check();
    if (email === null) return;
    const sent = await send.run(email === undefined ? { scene } : { scene, email });
    if (!sent) return;
    toast.success(t('codeSent', { email: sent.email }));
    setLeft(Number(sent.resend_in) || CODE_RULES.resendSeconds);
  };

  return (
    <label className="block space-y-1 text-xs text-haze">
      <span>{t('code')}</span>
      <span className="flex gap-2">
        <input
          data-testid={`${testId}-input`}
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, CODE_RULES.digits))}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('codePlaceholder')}
          className={`${fieldClass} ${value ? 'tracking-widest' : ''}`}
        />
        <button
          type="button"
          data-testid={`${testId}-send`}
          disabled={send.busy || left > 0}
          onClick={() => void sendCode()}
          className="shrink-0 rounded-xl px-3 text-xs font-semibold text-gold ring-1 ring-gold/50 disabled:text-haze disabled:ring-ink-line"
        >
          {left > 0 ? t('resendIn', { s: left }) : t('sendCode')}
        </button>
      </span>
    </label>
  );
}
