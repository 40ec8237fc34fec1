'use client';
import { useTranslations } from 'next-intl';
import { RewardTotals } from '@/components/rewards/RewardTotals';
import { ScreenFrame } from '@/components/ScreenFrame';
import { SignedOutState } from '@/components/wallet/SignedOutState';
import { useWallet } from '@/components/wallet/WalletContext';
import type { ScreenProps } from '@/lib/routes';

export default function Reward({ route }: ScreenProps) {
  const t = useTranslations();
  const wallet = useWallet();
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="Reward">
        {wallet.signedIn ? <RewardTotals /> : <SignedOutState />}
      </div>
    </ScreenFrame>
  );
}
