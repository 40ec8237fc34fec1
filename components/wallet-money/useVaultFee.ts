'use client';
import { contractReadKey, useContractRead } from '../api/useContractRead';

/** The fee's query; read again when the Vault refused a fee as too low (the owner raised it). */
export const VAULT_FEE_KEY = contractReadKey('Vault', 'fee');

/** The Vault's ETH handling fee in wei. It is read even before a wallet connects (the read loads the wallet stack). */
export function useVaultFee() {
  return useContractRead({ contract: 'Vault', functionName: 'fee' });
}
