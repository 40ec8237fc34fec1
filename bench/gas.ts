// Gas of the Vault's recharge, withdraw/transfer requests and payout on a real anvil chain, next to the bare
// operations they wrap: an ERC20 transferFrom plus a plain ETH transfer, measured in the same run. A payout
// carries approvers' EIP-712 signatures: measured with one and with two, beside the payout without them.
import { type Hash, type LocalAccount, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { foundry } from 'viem/chains';
import { LOCAL_TOKEN, LOCAL_VAULT, vaultAbi, wldTokenAbi } from '../abi';
import { anvilAccount } from '../stack/accounts';
import { startAnvil } from '../stack/anvil';
import { LOCAL_FEE, deployLocal, setApprovers } from '../stack/deploy';
import { freePort } from '../stack/ports';

/** The first payout's gas before payouts carried signatures (payout(requestId, amount), base commit 6e9c468, this bench). */
const PAYOUT_WITHOUT_APPROVALS = 80_616n;
const PAYOUT_TYPES = {
  Payout: [
    { name: 'requestId', type: 'uint256' },
    { name: 'requester', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
} as const;

const anvil = await startAnvil({ port: await freePort() });
try {
  await deployLocal(anvil.rpcUrl, '.run/deployment.bench.json');
  const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } };
  const client = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
  const user = createWalletClient({ chain, account: anvilAccount(1), transport: http(anvil.rpcUrl) });
  const owner = createWalletClient({ chain, account: anvilAccount(0), transport: http(anvil.rpcUrl) });
  const gas = async (hash: Hash) => (await client.waitForTransactionReceipt({ hash })).gasUsed;
  const amount = parseEther('100');

  await gas(await user.writeContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'approve', args: [LOCAL_VAULT, 10n ** 30n] }));
  await gas(await user.writeContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'approve', args: [anvilAccount(0).address, 10n ** 30n] }));
  const rechargeFirst = await gas(
    await user.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'recharge', args: [amount], value: LOCAL_FEE }),
  );
  const recharge = await gas(await user.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'recharge', args: [amount], value: LOCAL_FEE }));
  // Requests move no WLD. A withdraw request records (requester, amount) under the next id: the counter (a
  // non-zero slot, set in the constructor) and one new slot; a transfer request writes nothing.
  const requestWithdrawFirst = await gas(
    await user.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'requestWithdraw', args: [amount], value: LOCAL_FEE }),
  );
  const requestWithdraw = await gas(
    await user.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'requestWithdraw', args: [amount], value: LOCAL_FEE }),
  );
  const requestTransfer = await gas(
    await user.writeContract({
      address: LOCAL_VAULT,
      abi: vaultAbi,
      functionName: 'requestTransfer',
      args: [anvilAccount(2).address, amount],
      value: LOCAL_FEE,
    }),
  );
  // Approvals: the deployer (the local approver) and account 5, named here; signers ascending, as the Vault asks.
  await setApprovers(anvil.rpcUrl, [anvilAccount(5).address]);
  const approvers = [anvilAccount(0), anvilAccount(5)].sort((a, b) => (BigInt(a.address) < BigInt(b.address) ? -1 : 1));
  const domain = { name: 'Vault', version: '1', chainId: await client.getChainId(), verifyingContract: LOCAL_VAULT } as const;
  const sign = (by: LocalAccount[], requestId: bigint) =>
    Promise.all(
      by.map((a) =>
        a.signTypedData({ domain, types: PAYOUT_TYPES, primaryType: 'Payout', message: { requestId, requester: anvilAccount(1).address, amount } }),
      ),
    );
  // Two more requests, and three more recharges: the Vault's WLD balance never reaches zero, whose cleared slot
  // would refund 4,800 gas to the payout that empties it.
  for (let i = 0; i < 2; i++)
    await gas(await user.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'requestWithdraw', args: [amount], value: LOCAL_FEE }));
  for (let i = 0; i < 3; i++)
    await gas(await user.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'recharge', args: [amount], value: LOCAL_FEE }));
  const pay = async (requestId: bigint, by: LocalAccount[]) =>
    gas(await owner.writeContract({ address: LOCAL_VAULT, abi: vaultAbi, functionName: 'payout', args: [requestId, amount, await sign(by, requestId)] }));
  // The first payout, as before; the second settles what a first payout leaves behind; the third and fourth compare.
  const payout = await pay(1n, [anvilAccount(0)]);
  await pay(2n, [anvilAccount(0)]);
  const payoutOne = await pay(3n, [anvilAccount(0)]);
  const payoutTwo = await pay(4n, approvers);
  // Baseline: the same token movement and fee payment without the Vault (two transactions).
  const transferFrom = await gas(
    await owner.writeContract({
      address: LOCAL_TOKEN,
      abi: wldTokenAbi,
      functionName: 'transferFrom',
      args: [anvilAccount(1).address, anvilAccount(3).address, amount],
    }),
  );
  const ethTransfer = await gas(await user.sendTransaction({ to: anvilAccount(3).address, value: LOCAL_FEE }));

  const rows: [string, bigint][] = [
    ["recharge (first: the Vault's token balance from zero)", rechargeFirst],
    ['recharge (steady state)', recharge],
    ['requestWithdraw (first)', requestWithdrawFirst],
    ['requestWithdraw (steady state)', requestWithdraw],
    ['requestTransfer (steady state)', requestTransfer],
    ['payout (first), before: no approvals', PAYOUT_WITHOUT_APPROVALS],
    ['payout (first), 1 approval', payout],
    ['payout (steady state), 1 approval', payoutOne],
    ['payout (steady state), 2 approvals', payoutTwo],
    ['baseline: ERC20 transferFrom tx', transferFrom],
    ['baseline: ETH transfer tx', ethTransfer],
    ['baseline: both, as two txs', transferFrom + ethTransfer],
    ['baseline: both, one tx (minus one 21000 base)', transferFrom + ethTransfer - 21000n],
  ];
  for (const [name, value] of rows) console.log(`${name.padEnd(48)} ${value.toString().padStart(8)} gas`);
  console.log(
    `payout, first, 1 approval over before: +${payout - PAYOUT_WITHOUT_APPROVALS} gas (calldata of the signature, the typed-data hash, ecrecover, the approver's cold slot, the threshold's slot)`,
  );
  console.log(`payout, steady state, the second approval: +${payoutTwo - payoutOne} gas`);
  const overhead = recharge - (transferFrom + ethTransfer - 21000n);
  console.log(
    `recharge overhead over the bare one-tx baseline: ${overhead} gas (cold token account 2,600, fee SLOAD 2,100, event, dispatch; minus the shorter calldata)`,
  );
  console.log(
    `requestWithdraw / requestTransfer over a bare ETH transfer: ${requestWithdraw - ethTransfer} / ${requestTransfer - ethTransfer} gas (fee check, event; the withdraw request's record)`,
  );
  // Targets: recharge and requestTransfer at most 1.15 × the bare transferFrom transaction of this run;
  // requestWithdraw, which records the request on chain, under 1.5 × (docs/decisions.md, "The Vault's gas targets").
  const ratio = (value: bigint) => (Number(value) / Number(transferFrom)).toFixed(3);
  const targets = [
    ['recharge', recharge, 115n],
    ['requestWithdraw', requestWithdraw, 150n],
    ['requestTransfer', requestTransfer, 115n],
  ] as const;
  for (const [name, value, percent] of targets) {
    console.log(
      `${name.padEnd(16)} / transferFrom = ${ratio(value)} (target ≤ ${(Number(percent) / 100).toFixed(3)}, i.e. ≤ ${(transferFrom * percent) / 100n} gas)`,
    );
  }
} finally {
  await anvil.stop();
}
