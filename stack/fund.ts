import { createPublicClient, createWalletClient, http, parseEther, toHex } from 'viem';
import { foundry } from 'viem/chains';
import { LOCAL_TOKEN, wldTokenAbi } from '../abi';
import { LOCAL_ROLES, anvilAccount } from './accounts';

/**
 * Gives a development account beyond the ten the local deploy funds (anvil's defaults) 10 ETH for gas and
 * `wld` tokens minted by the deployer, so tests and screenshots can use accounts no other spec touches.
 */
export async function fundAccount(rpcUrl: string, index: number, wld: string) {
  const chain = { ...foundry, id: await createPublicClient({ transport: http(rpcUrl) }).getChainId(), rpcUrls: { default: { http: [rpcUrl] } } };
  const client = createPublicClient({ chain, transport: http(rpcUrl) });
  const address = anvilAccount(index).address;
  await client.request({ method: 'anvil_setBalance' as never, params: [address, toHex(parseEther('10'))] as never });
  const deployer = createWalletClient({ chain, account: anvilAccount(LOCAL_ROLES.deployer), transport: http(rpcUrl) });
  const hash = await deployer.writeContract({ address: LOCAL_TOKEN, abi: wldTokenAbi, functionName: 'mint', args: [address, parseEther(wld)] });
  await client.waitForTransactionReceipt({ hash });
}
