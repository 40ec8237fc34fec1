'use client';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { copyOrSelect } from '@/lib/clipboard';

/** The page's address as text, with a copy button that says, in place, whether the copy worked. */
export function CopyLink({ url, hint }: { url: string; hint: string }) {
  const t = useTranslations();
  const text = useRef<HTMLParagraphElement>(null);
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  const copy = async () => setOutcome((await copyOrSelect(url, text.current)) ? 'copied' : 'failed');
  return (
    <div className="mt-4">
      <p className="text-xs leading-5 text-haze">{hint}</p>
      <p ref={text} data-testid="no-wallet-url" className="mt-2 break-all rounded-lg bg-ink-soft px-3 py-2 font-mono text-[11px] text-fg ring-1 ring-ink-line">
        {url}
      </p>
      <button
        data-testid="no-wallet-copy"
        onClick={() => void copy()}
        className="mt-2 w-full rounded-xl bg-gold/15 py-2.5 text-sm font-medium text-gold ring-1 ring-gold/30"
      >
        {outcome === 'copied' ? `✓ ${t('success.copy')}` : t('noWallet.copyLink')}
      </button>
      {outcome === 'failed' && (
        <p data-testid="no-wallet-copy-failed" className="mt-2 text-xs text-haze">
          {t('common.copyFailed')}
        </p>
      )}
    </div>
  );
}
