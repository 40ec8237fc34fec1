'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { ContractFunctionArgs } from 'viem';
import { vaultAbi } from '@/abi';
import { env } from '@/lib/env';
import { isOwner } from '@/lib/manager';
import { useChainWrite } from '../api/useChainWrite';
import { useToast } from '../Toast';
import { useWallet } from '../wallet/WalletContext';
import { VAULT_ADMIN_KEY, useVaultAdmin } from './useVaultAdmin';

type OwnerFunction = 'transferOwnership' | 'acceptOwnership' | 'setFee' | 'addReceiver' | 'removeReceiver';
/** One owner call, its arguments typed from the Vault's ABI. */
type OwnerCall = { [F in OwnerFunction]: { functionName: F; args: ContractFunctionArgs<typeof vaultAbi, 'nonpayable', F> } }[OwnerFunction];

/**
 * One Vault admin write through the chain-write path. A connected account that is not the owner is told
 * 'The caller is not the owner' before the wallet opens (the contract refuses it anyway); the pending owner
 * may only accept. On success: the message, and the Vault state read again.
 */
export function useOwnerWrite() {
  const t = useTranslations();
  const toast = useToast();
  const wallet = useWallet();
  const vault = useVaultAdmin();
  const queries = useQueryClient();
  const chain = useChainWrite();
  const busy = chain.stage.step === 'wallet' || chain.stage.step === 'pending';
  /** A connected wallet that is not the owner: the owner's buttons are disabled and say why (ownerOnly). */
  const locked = Boolean(wallet.address && wallet.status === 'connected' && vault.data && !isOwner(wallet.address, vault.data.owner));

  /** Whether the connected account may make this call now; if not, connects or says why (before any sheet opens). */
  const allowed = useCallback(
    (functionName: OwnerCall['functionName']) => {
      if (busy) return false;
      if (!wallet.address || wallet.status !== 'connected') return (wallet.connect(), false);
      const state = vault.data;
      if (!state) return (toast.show(t('errors.nodeNetwork')), false);
      const may = functionName === 'acceptOwnership' ? isOwner(wallet.address, state.pendingOwner) : isOwner(wallet.address, state.owner);
      if (!may) toast.show(t('errors.notOwner'));
      return may;
    },
    [busy, t, toast, vault.data, wallet],
  );

  const run = useCallback(
    async (call: OwnerCall, success: string) => {
      if (!allowed(call.functionName)) return false;
      const hash = await chain.write({ address: env.vaultAddress, abi: vaultAbi, ...call });
      if (!hash) return false;
      toast.success(t(success));
      await queries.invalidateQueries({ queryKey: VAULT_ADMIN_KEY });
      return true;
    },
    [allowed, chain, queries, t, toast],
  );
  return { run, allowed, stage: chain.stage, busy, locked };
}
