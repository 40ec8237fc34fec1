'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import type { Hash } from 'viem';
import { endpoints } from '@/lib/api/contract';
import { reasonKey } from '@/lib/api/reasons';
import { type SettlementKind, pollDelays, settlementOf, waitForSettlement } from '@/lib/settlement';
import { TIMING } from '@/lib/timing';
import { useToast } from '../Toast';
import { invalidateEndpoints } from './keys';
import { type ApiRequest, useApiRequest } from './useApiRequest';

const RECORDS = { recharge: endpoints.getRechargeList, withdraw: endpoints.getWithdrawList, transfer: endpoints.getTransferList } as const;

/** Idle, waiting for the ledger, or past the bound without it: `unconfirmed` stays until the next wait or reset. */
export type SettlementStep = { step: 'idle' } | { step: 'waiting'; kind: SettlementKind } | { step: 'unconfirmed'; kind: SettlementKind };
/** How a wait ended: the ledger accepted or refused the movement, or did not show it within the bound. */
export type SettlementOutcome = 'settled' | 'refused' | 'unconfirmed';

/** The newest page of the member's records of this kind, as the ledger sees them now. */
const lookUp = (request: ApiRequest, kind: SettlementKind, hash: Hash) => async () => {
  const page = await request(RECORDS[kind], { page: '1', limit: '20' }, { quiet: true });
  return settlementOf(kind, page.list, hash);
};

/**
 * The one wait for settlement of every money path whose effect reaches the ledger after its transaction is mined
 * (recharge, withdraw, transfer): `wait(kind, hash, success)` looks for THIS transaction's record, with growing
 * pauses (TIMING.settlement), and only when the ledger shows it says `success`; a refusal says its reason; past the
 * bound it says nothing of success and `step` becomes `unconfirmed` (the still-waiting notice, with the records'
 * link, in TransactionProgress). The balance and the records are read again either way.
 */
export function useSettlement() {
  const t = useTranslations();
  const toast = useToast();
  const request = useApiRequest();
  const queries = useQueryClient();
  const [step, setStep] = useState<SettlementStep>({ step: 'idle' });

  const wait = useCallback(
    async (kind: SettlementKind, hash: Hash, success: string): Promise<SettlementOutcome> => {
      setStep({ step: 'waiting', kind });
      const outcome = await waitForSettlement(lookUp(request, kind, hash), pollDelays(TIMING.settlement));
      void invalidateEndpoints(queries, [endpoints.getBalance, RECORDS[kind]]);
      if (outcome.state === 'unconfirmed') {
        setStep({ step: 'unconfirmed', kind });
        return 'unconfirmed';
      }
      setStep({ step: 'idle' });
      if (outcome.state === 'settled') toast.success(t(success));
      else {
        const key = reasonKey(outcome.reason);
        toast.show(t('settlement.refused', { reason: key ? t(key) : outcome.reason }));
      }
      return outcome.state;
    },
    [queries, request, t, toast],
  );
  const reset = useCallback(() => setStep({ step: 'idle' }), []);
  return { step, wait, reset };
}
