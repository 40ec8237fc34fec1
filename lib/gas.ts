/** What a chain request costs in ETH: the Vault's fee and the chain's gas price (wei) against what the wallet holds. */
export type EthFunds = { eth: bigint; fee: bigint; gasPrice: bigint };

/** Whether the wallet's ETH covers the Vault's fee plus a gas budget at the current price. */
export const coversFeeAndGas = (f: EthFunds, gasBudget: bigint) => f.eth >= f.fee + f.gasPrice * gasBudget;
