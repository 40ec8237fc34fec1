'use client';
import { useTranslations } from 'next-intl';
import { useApiQuery } from '@/components/api/useApiQuery';
import { ScreenFrame } from '@/components/ScreenFrame';
import { TransferForm } from '@/components/wallet-money/TransferForm';
import { endpoints } from '@/lib/api/contract';
import { formatAmount } from '@/lib/money';
import type { ScreenProps } from '@/lib/routes';

export default function WalletTransfer({ route }: ScreenProps) {
  const t = useTranslations();
  const balance = useApiQuery(endpoints.getBalance, {});
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="WalletTransfer" className="space-y-3">
        {/* What can be sent: the in-app balance (the ETH fee is paid from the wallet). */}
        <p data-testid="transfer-available" className="px-1 text-sm text-haze">
          {t('transfer.available', { amount: balance.data ? formatAmount(BigInt(balance.data.balance)) : '—' })}
        </p>
        <TransferForm />
      </div>
    </ScreenFrame>
  );
}
