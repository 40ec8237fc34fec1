'use client';
import { useTranslations } from 'next-intl';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { endpoints } from '@/lib/api/contract';
import { dailyDividend } from '@/lib/dividend';
import { formatAmount, formatShortfall } from '@/lib/money';
import { useApiMutation } from '../api/useApiMutation';
import { useApiQuery } from '../api/useApiQuery';
import { BottomSheet } from '../BottomSheet';
import { useConfirm } from '../ConfirmDialog';
import { useToast } from '../Toast';
import { useWallet } from '../wallet/WalletContext';
import type { StakeChoice } from './StakingList';

const PdfViewer = lazy(() => import('./PdfViewer'));
// The agreement's text (and the HTML sanitizer it goes through) loads when it is asked for, not with the sheet.
const SafeHtml = lazy(() => import('../SafeHtml').then((m) => ({ default: m.SafeHtml })));
export const AGREEMENT_PDF = './agreement-demo.pdf';

/**
 * Level, period, ratio and income, and the member's in-app balance with, at once, how much it is short of the level;
 * the agreement must be ticked; confirm signs a fresh nonce and stakes.
 */
export function StakeConfirmDialog({ choice, agreement, onClose }: { choice: StakeChoice; agreement: string; onClose: () => void }) {
  const t = useTranslations();
  const toast = useToast();
  const confirm = useConfirm();
  const [, navigate] = useLocation();
  const wallet = useWallet();
  const balance = useApiQuery(endpoints.getBalance, {});
  const stake = useApiMutation(endpoints.investSave, {
    invalidates: [endpoints.getBalance, endpoints.getInvestList, endpoints.getUserInfo],
    success: 'success.pledge',
  });
  const [ticked, setTicked] = useState(false);
  const [reading, setReading] = useState<'none' | 'text' | 'pdf'>('none');
  const amount = BigInt(choice.level.num);
  const available = balance.data ? BigInt(balance.data.balance) : undefined;
  const short = available !== undefined && available < amount ? amount - available : 0n;

  const submit = async () => {
    if (!ticked) return toast.show(t('validation.agreementUnticked'));
    if (!wallet.signedIn) return wallet.connect();
    if (short > 0n) {
      if (await confirm({ message: t('home.insufficient'), confirmText: t('home.goWallet') })) {
        onClose();
        navigate('/wallet');
      }
      return;
    }
    if (await stake.run({ order_id: choice.level.id, day_id: choice.period.id })) onClose();
  };

  const rows: [string, string][] = [
    [t('home.level'), `${formatAmount(amount)} WLD`],
    [t('home.period'), t('home.days', { n: Number(choice.period.day) })],
    [t('home.dailyRatio'), `${choice.period.scale}%`],
    [t('home.dailyIncome'), `${formatAmount(dailyDividend(amount, choice.period.scale))} WLD`],
  ];

  return (
    <BottomSheet onClose={onClose} title={t('home.confirmTitle')} testId="stake-confirm">
      <dl className="space-y-2 rounded-xl bg-ink/60 p-4 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            <dt className="text-haze">{label}</dt>
            <dd className="text-right font-semibold text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      {available !== undefined && (
        <div className="mt-3 rounded-xl bg-ink/60 px-4 py-3 text-sm">
          <p data-testid="stake-balance" className="flex justify-between gap-4">
            <span className="text-haze">{t('home.balance')}</span>
            <span className="text-right font-semibold text-fg">{formatAmount(available)} WLD</span>
          </p>
          {short > 0n && (
            <p data-testid="stake-short" role="alert" className="mt-1.5 text-xs leading-5 text-red-400">
              {t('home.short', { amount: formatShortfall(short) })}
            </p>
          )}
        </div>
      )}
      <label className="mt-4 flex items-start gap-2 text-xs leading-5 text-haze">
        <input data-testid="agreement-tick" type="checkbox" checked={ticked} onChange={(e) => setTicked(e.target.checked)} className="mt-1 accent-[#f5c451]" />
        <span>
          {/* Rich text: the link sits where each language's word order puts it (Korean ends on the verb). */}
          {t.rich('home.agreementTick', {
            link: (chunks) => (
              <button type="button" data-testid="agreement-link" onClick={() => setReading('text')} className="text-gold underline">
                {chunks}
              </button>
            ),
          })}
          {' · '}
          <button type="button" data-testid="agreement-pdf" onClick={() => setReading('pdf')} className="text-gold underline">
            {t('home.viewPdf')}
          </button>
        </span>
      </label>
      {reading === 'text' && (
        <div
          data-testid="agreement-text"
          className="mt-3 max-h-48 overflow-y-auto rounded-xl bg-ink/60 p-3 text-xs leading-5 text-haze [&_h3]:mb-1 [&_h3]:font-semibold [&_h3]:text-fg [&_ol]:list-decimal [&_ol]:pl-4"
        >
          <Suspense fallback={null}>
            <SafeHtml html={agreement} />
          </Suspense>
        </div>
      )}
      <div className="mt-5 flex gap-3">
        <button onClick={onClose} className="flex-1 rounded-xl border border-ink-line py-2.5 text-sm text-haze">
          {t('common.cancel')}
        </button>
        <button
          data-testid="stake-submit"
          disabled={stake.busy}
          onClick={() => void submit()}
          className="flex-1 rounded-xl bg-gold py-2.5 text-sm font-semibold text-on-gold disabled:opacity-50"
        >
          {stake.busy ? t('common.loading') : t('common.confirm')}
        </button>
      </div>
      {reading === 'pdf' && (
        <Suspense fallback={null}>
          <PdfViewer url={AGREEMENT_PDF} onClose={() => setReading('none')} />
        </Suspense>
      )}
    </BottomSheet>
  );
}
