import { BaseError, ContractFunctionRevertedError } from 'viem';

/** Message keys of the spec's chain and wallet catalogue (messages/*.json, namespace `errors`). */
export type ErrorKey =
  | 'nodeNetwork'
  | 'notEnoughGas'
  | 'notOwner'
  | 'exceedsBalance'
  | 'insufficientBalance'
  | 'exceedsAllowanceOrLimit'
  | 'insufficientAllowance'
  | 'invalidAddress'
  | 'disabled'
  | 'increaseFee'
  | 'changeRpc'
  | 'requestPending'
  | 'receiverExists'
  | 'receiverMissing'
  | 'zeroAmount'
  | 'alreadyPaid'
  | 'ethTransferFailed'
  | 'payoutAboveCap'
  | 'dailyCapExceeded'
  | 'vaultPaused'
  | 'vaultNotPaused'
  | 'tokenTransferFailed'
  | 'unknownRequest'
  | 'aboveRequested'
  | 'amountTooLarge'
  | 'renounceDisabled'
  | 'contractRefused'
  | 'feeRaised'
  | 'approvalMissing';

/** What the app does with an error: nothing (the user said no), a toast with a known message, or a dialog. */
export type ErrorOutcome = { kind: 'silent' } | { kind: 'toast'; key: ErrorKey } | { kind: 'dialog'; message: string };

type Link = { code?: unknown; name?: unknown; message?: unknown; shortMessage?: unknown; details?: unknown; data?: unknown; cause?: unknown };

/** Our contracts' custom errors (docs/contracts.md) and OpenZeppelin's, by name. */
const CUSTOM_ERRORS: Record<string, ErrorKey> = {
  OwnableUnauthorizedAccount: 'notOwner',
  NotOperator: 'notOwner',
  OwnableInvalidOwner: 'invalidAddress',
  InvalidAddress: 'invalidAddress',
  // The Vault takes at least its fee and refunds the excess: a WrongFee means the owner raised the
  // fee after the app read it, not a gas price to increase.
  WrongFee: 'feeRaised',
  InsufficientBalance: 'insufficientBalance',
  ReceiverExists: 'receiverExists',
  IndexOutOfRange: 'receiverMissing',
  NotReceiver: 'receiverMissing',
  UnknownRequest: 'unknownRequest',
  AboveRequested: 'aboveRequested',
  // A payout without the approvers' signatures the Vault needs (only the server's payout job sends payouts).
  TooFewApprovals: 'approvalMissing',
  NotApprover: 'approvalMissing',
  InvalidSignature: 'approvalMissing',
  SignersNotAscending: 'approvalMissing',
  AmountTooLarge: 'amountTooLarge',
  RenounceDisabled: 'renounceDisabled',
  ZeroAmount: 'zeroAmount',
  AlreadyPaid: 'alreadyPaid',
  EthTransferFailed: 'ethTransferFailed',
  PayoutAboveCap: 'payoutAboveCap',
  DailyPayoutCapExceeded: 'dailyCapExceeded',
  EnforcedPause: 'vaultPaused',
  ExpectedPause: 'vaultNotPaused',
  SafeERC20FailedOperation: 'tokenTransferFailed',
  ERC20InsufficientAllowance: 'insufficientAllowance',
  ERC20InsufficientBalance: 'exceedsBalance',
  ERC20InvalidReceiver: 'invalidAddress',
  ERC20InvalidSpender: 'invalidAddress',
};

/** Revert strings and node messages, most specific first. */
const MESSAGE_RULES: [RegExp, ErrorKey][] = [
  [/caller is not the owner/i, 'notOwner'],
  [/transfer amount exceeds balance/i, 'exceedsBalance'],
  [/exceeds allowance|allowance.*limit|exceeds.*limit/i, 'exceedsAllowanceOrLimit'],
  [/insufficient allowance/i, 'insufficientAllowance'],
  [/insufficient funds|gas required exceeds|intrinsic gas too low|out of gas/i, 'notEnoughGas'],
  [/insufficient balance/i, 'insufficientBalance'],
  [/invalid address/i, 'invalidAddress'],
  [/underpriced|holder-only|fee too low|max fee per gas less than block base fee/i, 'increaseFee'],
  [/disabled/i, 'disabled'],
  [/rate limit|too many requests|header not found|missing trie node|\b429\b/i, 'changeRpc'],
  [/failed to fetch|network ?error|econnrefused|fetch failed|timed? ?out|http request failed|could not detect network/i, 'nodeNetwork'],
];

const NAMED_ERRORS: Record<string, ErrorKey> = {
  InsufficientFundsError: 'notEnoughGas',
  IntrinsicGasTooLowError: 'notEnoughGas',
  InvalidAddressError: 'invalidAddress',
  FeeCapTooLowError: 'increaseFee',
  TransactionTypeNotSupportedError: 'changeRpc',
  LimitExceededRpcError: 'changeRpc',
  HttpRequestError: 'nodeNetwork',
  TimeoutError: 'nodeNetwork',
  WebSocketRequestError: 'nodeNetwork',
};

/** Every link of an error's cause chain (viem's, EIP-1193's nested data, or plain Error.cause). */
export function causeChain(error: unknown): Link[] {
  const chain: Link[] = [];
  let current: unknown = error;
  for (let i = 0; current && typeof current === 'object' && i < 12; i++) {
    chain.push(current as Link);
    const link = current as Link;
    const nested =
      link.cause ??
      (link.data && typeof link.data === 'object' && 'originalError' in link.data ? (link.data as { originalError: unknown }).originalError : undefined);
    current = nested;
  }
  return chain;
}

/** The name of the contract's custom error a write or simulation reverted with, if any. */
export function revertErrorName(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  return reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : undefined;
}

/** Maps any wallet, RPC or contract error to the spec's catalogue. */
export function classifyError(error: unknown): ErrorOutcome {
  const chain = causeChain(error);
  for (const link of chain) {
    if (link.code === 4001 || link.name === 'UserRejectedRequestError') return { kind: 'silent' };
    if (link.code === -32002) return { kind: 'toast', key: 'requestPending' };
  }
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    const name = reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : undefined;
    if (name && CUSTOM_ERRORS[name]) return { kind: 'toast', key: CUSTOM_ERRORS[name] };
    const reason = reverted instanceof ContractFunctionRevertedError ? reverted.reason : undefined;
    const byReason = reason && MESSAGE_RULES.find(([re]) => re.test(reason));
    if (byReason) return { kind: 'toast', key: byReason[1] };
    // A revert nothing above names (an error added later, a bare revert): viem's text for it is only
    // 'The contract function "x" reverted.', so say in the user's language that the contract refused.
    if (reverted) return { kind: 'toast', key: 'contractRefused' };
  }
  for (const link of chain) {
    const named = typeof link.name === 'string' ? NAMED_ERRORS[link.name] : undefined;
    if (named) return { kind: 'toast', key: named };
  }
  for (const link of chain) {
    const text = [link.details, link.shortMessage, link.message].filter((t) => typeof t === 'string').join(' ');
    const rule = MESSAGE_RULES.find(([re]) => re.test(text));
    if (rule) return { kind: 'toast', key: rule[1] };
  }
  const first = chain[0];
  const message =
    (first && (typeof first.shortMessage === 'string' ? first.shortMessage : typeof first.message === 'string' ? first.message : '')) || String(error);
  return { kind: 'dialog', message };
}
