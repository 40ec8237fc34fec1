import {
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  HttpRequestError,
  InsufficientFundsError,
  InvalidAddressError,
  RpcRequestError,
  TransactionExecutionError,
  UserRejectedRequestError,
  concat,
  encodeAbiParameters,
  encodeErrorResult,
  FeeCapTooLowError,
  LimitExceededRpcError,
  parseAbi,
} from 'viem';
import type { Abi, AbiParameter } from 'viem';
import { describe, expect, it } from 'vitest';
import { vaultAbi, wldTokenAbi } from '../../abi';
import { classifyError } from './catalogue';

const account = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';

/** What wagmi's simulateContract throws when the Vault reverts with a custom error, decoded with the app's ABI. */
function reverted(errorName: string, args: readonly unknown[], abi: Abi = vaultAbi, functionName = 'recharge') {
  const data = encodeErrorResult({ abi, errorName, args } as never);
  const cause = new ContractFunctionRevertedError({ abi, data, functionName });
  return new ContractFunctionExecutionError(cause, { abi, functionName, args: [1n], contractAddress: account });
}
/** Arguments of the right types for any custom error, so every one the Vault declares can be built. */
const argsFor = (inputs: readonly AbiParameter[]) => inputs.map((i) => (i.type === 'address' ? account : i.type === 'bool' ? true : 1n));
/** A revert with a plain reason string: Error(string) as a node returns it. */
const revertedWith = (reason: string) => {
  const data = concat(['0x08c379a0', encodeAbiParameters([{ type: 'string' }], [reason])]);
  const cause = new ContractFunctionRevertedError({ abi: vaultAbi, data, functionName: 'recharge' });
  return new ContractFunctionExecutionError(cause, { abi: vaultAbi, functionName: 'recharge', args: [1n], contractAddress: account });
};
const rpc = (code: number, message: string) => new RpcRequestError({ body: {}, url: 'http://rpc', error: { code, message } });

describe('error catalogue', () => {
  it('is silent when the user rejects (4001), even nested', () => {
    expect(classifyError(new UserRejectedRequestError(new Error('User denied')))).toEqual({ kind: 'silent' });
    expect(classifyError({ code: -32603, message: 'x', data: { originalError: { code: 4001, message: 'denied' } } })).toEqual({ kind: 'silent' });
  });
  it('says a request is already pending (-32002)', () => {
    expect(classifyError({ code: -32002, message: 'Request of type wallet_requestPermissions already pending' })).toEqual({
      kind: 'toast',
      key: 'requestPending',
    });
  });
  it.each([
    ['OwnableUnauthorizedAccount', [account], 'notOwner'],
    ['NotOperator', [account], 'notOwner'],
    ['InvalidAddress', [], 'invalidAddress'],
    ['OwnableInvalidOwner', ['0x0000000000000000000000000000000000000000'], 'invalidAddress'],
    ['WrongFee', [2n, 1n], 'feeRaised'],
    ['InsufficientBalance', [1n, 2n], 'insufficientBalance'],
    ['ReceiverExists', [account], 'receiverExists'],
    ['IndexOutOfRange', [3n, 2n], 'receiverMissing'],
    ['ZeroAmount', [], 'zeroAmount'],
    ['AlreadyPaid', [7n], 'alreadyPaid'],
    ['EthTransferFailed', [], 'ethTransferFailed'],
    ['PayoutAboveCap', [2n, 1n], 'payoutAboveCap'],
    ['DailyPayoutCapExceeded', [1n, 2n, 2n], 'dailyCapExceeded'],
    ['EnforcedPause', [], 'vaultPaused'],
    ['ExpectedPause', [], 'vaultNotPaused'],
    ['SafeERC20FailedOperation', [account], 'tokenTransferFailed'],
    ['NotReceiver', [account], 'receiverMissing'],
    ['UnknownRequest', [7n], 'unknownRequest'],
    ['AboveRequested', [2n, 1n], 'aboveRequested'],
    ['AmountTooLarge', [2n, 1n], 'amountTooLarge'],
    ['RenounceDisabled', [], 'renounceDisabled'],
  ] as const)('maps the Vault custom error %s', (name, args, key) => {
    expect(classifyError(reverted(name, args))).toEqual({ kind: 'toast', key });
  });
  it('maps an owner-page revert to its message, not viem\'s "The contract function … reverted."', () => {
    const error = reverted('ReceiverExists', [account], vaultAbi, 'addReceiver');
    expect(error.shortMessage).toBe('The contract function "addReceiver" reverted.');
    expect(classifyError(error)).toEqual({ kind: 'toast', key: 'receiverExists' });
  });
  it('gives every custom error the Vault ABI declares a message of its own', () => {
    // OpenZeppelin's ShortStrings errors come from EIP712's constructor (its name and version): no app call reaches them.
    const deploymentOnly = ['InvalidShortString', 'StringTooLong'];
    const unmapped = vaultAbi
      .filter((item) => item.type === 'error')
      .filter((item) => !deploymentOnly.includes(item.name))
      .filter((item) => {
        const outcome = classifyError(reverted(item.name, argsFor(item.inputs)));
        return outcome.kind !== 'toast' || outcome.key === 'contractRefused';
      })
      .map((item) => item.name);
    expect(unmapped).toEqual([]);
  });
  it('says the contract refused for a revert it cannot name (an unknown error, a bare revert)', () => {
    const other = parseAbi(['error Mystery(uint256 code)']);
    const unknown = new ContractFunctionRevertedError({
      abi: vaultAbi,
      data: encodeErrorResult({ abi: other, errorName: 'Mystery', args: [1n] }),
      functionName: 'addReceiver',
    });
    expect(
      classifyError(new ContractFunctionExecutionError(unknown, { abi: vaultAbi, functionName: 'addReceiver', args: [account], contractAddress: account })),
    ).toEqual({ kind: 'toast', key: 'contractRefused' });
    const bare = new ContractFunctionRevertedError({ abi: vaultAbi, functionName: 'addReceiver', message: 'execution reverted' });
    expect(
      classifyError(new ContractFunctionExecutionError(bare, { abi: vaultAbi, functionName: 'addReceiver', args: [account], contractAddress: account })),
    ).toEqual({ kind: 'toast', key: 'contractRefused' });
  });
  it('maps the token errors for allowance and balance', () => {
    expect(classifyError(reverted('ERC20InsufficientAllowance', [account, 0n, 1n], wldTokenAbi))).toEqual({ kind: 'toast', key: 'insufficientAllowance' });
    expect(classifyError(reverted('ERC20InsufficientBalance', [account, 0n, 1n], wldTokenAbi))).toEqual({ kind: 'toast', key: 'exceedsBalance' });
  });
  it.each([
    ['Ownable: caller is not the owner', 'notOwner'],
    ['ERC20: transfer amount exceeds balance', 'exceedsBalance'],
    ['ERC20: transfer amount exceeds allowance', 'exceedsAllowanceOrLimit'],
    ['ERC20: insufficient allowance', 'insufficientAllowance'],
    ['insufficient balance', 'insufficientBalance'],
    ['invalid address', 'invalidAddress'],
    ['Pausable: disabled', 'disabled'],
    ['holder-only', 'increaseFee'],
  ] as const)('maps the revert reason "%s"', (reason, key) => {
    expect(classifyError(revertedWith(reason))).toEqual({ kind: 'toast', key });
  });
  it('maps gas, fee, address and RPC failures', () => {
    const tx = (cause: Error) => new TransactionExecutionError(cause as never, { account: { address: account, type: 'json-rpc' }, chain: undefined } as never);
    expect(classifyError(tx(new InsufficientFundsError()))).toEqual({ kind: 'toast', key: 'notEnoughGas' });
    expect(classifyError(tx(new FeeCapTooLowError()))).toEqual({ kind: 'toast', key: 'increaseFee' });
    expect(classifyError(rpc(-32000, 'replacement transaction underpriced'))).toEqual({ kind: 'toast', key: 'increaseFee' });
    expect(classifyError(new InvalidAddressError({ address: '0x12' }))).toEqual({ kind: 'toast', key: 'invalidAddress' });
    expect(classifyError(new HttpRequestError({ url: 'http://rpc', details: 'fetch failed' }))).toEqual({ kind: 'toast', key: 'nodeNetwork' });
    expect(classifyError(new LimitExceededRpcError(new Error('rate limited')))).toEqual({ kind: 'toast', key: 'changeRpc' });
    expect(classifyError(rpc(-32000, 'header not found'))).toEqual({ kind: 'toast', key: 'changeRpc' });
  });
  it('opens a dialog with the message for anything else', () => {
    expect(classifyError(new Error('something odd'))).toEqual({ kind: 'dialog', message: 'something odd' });
  });
});
