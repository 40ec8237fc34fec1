'use client';
import { useTranslations } from 'next-intl';
import { FeeCard } from '@/components/manager/FeeCard';
import { OwnerCard } from '@/components/manager/OwnerCard';
import { ReceiversCard } from '@/components/manager/ReceiversCard';
import { useVaultAdmin } from '@/components/manager/useVaultAdmin';
import { ScreenFrame } from '@/components/ScreenFrame';
import { useWallet } from '@/components/wallet/WalletContext';
import { env } from '@/lib/env';
import { isOwner } from '@/lib/manager';
import type { ScreenProps } from '@/lib/routes';

/**
 * The contract owner's page (spec section 6). It skips the user-existence check (route meta) and reads the
 * Vault for anyone; a wallet that is not the owner sees it read-only, the owner's buttons disabled with the reason.
 */
export default function Manager({ route }: ScreenProps) {
  const t = useTranslations();
  const wallet = useWallet();
  const vault = useVaultAdmin();
  const owner = vault.data && isOwner(wallet.address, vault.data.owner);
  return (
    <ScreenFrame title={t(route.title)} showTitle={!route.back}>
      <div data-screen="Manager" className="space-y-4">
        <p className="break-all text-[11px] text-haze">{t('manager.contract', { address: env.vaultAddress })}</p>
        {vault.data && !owner && (
          <p data-testid="manager-read-only" className="rounded-xl bg-gold/10 px-3 py-2 text-xs text-gold ring-1 ring-gold/30">
            {wallet.address ? t('manager.readOnly') : t('manager.connectAsOwner')}
          </p>
        )}
        {vault.isError && <p className="text-xs text-red-400">{t('errors.nodeNetwork')}</p>}
        <OwnerCard state={vault.data} />
        <FeeCard vault={vault} />
        <ReceiversCard vault={vault} />
      </div>
    </ScreenFrame>
  );
}
