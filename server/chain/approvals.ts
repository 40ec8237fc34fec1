import type { Address, PublicClient } from 'viem';
import { vaultAbi } from '../../abi';
import type { ApprovalChain } from '../operators/approvals';

/** The Vault's side of a withdrawal approval: its domain (the configured chain id, its address), its approvers and threshold, read on chain. */
export const approvalChain = (client: PublicClient, vault: Address, chainId: number): ApprovalChain => ({
  chainId,
  vault,
  isApprover: (who) => client.readContract({ address: vault, abi: vaultAbi, functionName: 'isApprover', args: [who] }),
  threshold: () => client.readContract({ address: vault, abi: vaultAbi, functionName: 'approvalThreshold' }),
});
