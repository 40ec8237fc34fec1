// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EnumerableSet} from "@openzeppelin/contracts/utils/structs/EnumerableSet.sol";

/// @notice The recharge/withdraw contract. Users recharge WLD (paying the ETH handling fee) and request
/// withdrawals and transfers (paying the same fee; the server's ledger acts on the events). A withdraw request
/// is recorded on chain under a sequential id with its requester and amount; the owner or an operator pays it
/// with `payout(requestId, amount, signatures)`: to its requester only, at most the amount requested, once, and
/// only with the approvers' EIP-712 signatures of that request id, requester and amount for this Vault on this
/// chain (one approver at or below `approvalThreshold`, two distinct ones above it). The approvers are a set the
/// owner keeps apart from the operators, so the operator (hot) key alone can pay nothing, not even a request of
/// its own. The owner keeps the receiving addresses: collected ETH fees and swept WLD go only to one of them.
/// Ownership moves in two steps (Ownable2Step) and cannot be renounced. Money leaving through `payout` is bounded
/// besides: the owner can pause payouts (Pausable) and sets a cap per payout and a daily cap that refills
/// continuously (a leaky bucket).
contract Vault is Ownable2Step, Pausable, EIP712 {
    using SafeERC20 for IERC20;
    using EnumerableSet for EnumerableSet.AddressSet;

    /// @notice A withdraw request: who asked (the only possible payee) and what may still be paid (0 once paid).
    struct WithdrawRequest {
        address requester;
        uint96 owed;
    }

    /// @notice The typed struct an approver signs (EIP-712, domain "Vault" version "1", this chain and Vault).
    bytes32 public constant PAYOUT_TYPEHASH = keccak256("Payout(uint256 requestId,address requester,uint256 amount)");

    IERC20 public immutable token;
    uint256 public fee;
    /// @notice The largest single payout; the daily cap: the most payouts may pay at once, refilled at that
    /// much per 24 hours (so any 24 hours pay at most twice it, and never two caps within seconds). WLD base units.
    uint128 public payoutCap;
    uint128 public dailyPayoutCap;
    /// @dev The bucket: what recent payouts still count against the daily cap, as of `bucketAt`.
    uint128 private bucketLevel;
    uint64 private bucketAt;
    /// @notice The id the next withdraw request gets (ids start at 1; set in the constructor so that no
    /// request pays for writing the counter from zero).
    uint256 public nextRequestId;
    uint256 public totalPaidOut;
    uint256 public totalSwept;

    /// @dev The payout keys besides the owner.
    EnumerableSet.AddressSet private operatorSet;
    mapping(uint256 => WithdrawRequest) private withdrawRequests;
    mapping(address => bool) public isReceiver;
    address[] private receivers;
    /// @dev The addresses whose EIP-712 signatures approve a payout.
    EnumerableSet.AddressSet private approverSet;
    /// @notice At or below it a payout needs one approver's signature, above it two distinct approvers'. WLD
    /// base units; 0 (a new Vault) asks two for every payout.
    uint256 public approvalThreshold;

    event Recharged(address user, uint256 amount, uint256 fee);
    event WithdrawRequested(uint256 indexed requestId, address indexed user, uint256 amount, uint256 fee);
    event TransferRequested(address indexed from, address indexed to, uint256 amount, uint256 fee);
    event PaidOut(uint256 indexed requestId, address indexed to, uint256 amount, address indexed operator);
    event FeeChanged(uint256 oldFee, uint256 newFee);
    event PayoutCapsChanged(uint256 payoutCap, uint256 dailyPayoutCap);
    event OperatorSet(address indexed operator, bool enabled);
    event ApproverSet(address indexed approver, bool enabled);
    event ApprovalThresholdChanged(uint256 oldThreshold, uint256 newThreshold);
    event ReceiverAdded(address indexed receiver, uint256 index);
    event ReceiverRemoved(address indexed receiver, uint256 index);
    event FeesSwept(address indexed receiver, uint256 amount);
    event TokensSwept(address indexed receiver, uint256 amount);

    error InvalidAddress();
    error ZeroAmount();
    error WrongFee(uint256 required, uint256 sent);
    error InsufficientBalance(uint256 available, uint256 requested);
    error AlreadyPaid(uint256 requestId);
    error UnknownRequest(uint256 requestId);
    error AboveRequested(uint256 amount, uint256 requested);
    error AmountTooLarge(uint256 amount, uint256 max);
    error NotReceiver(address receiver);
    error RenounceDisabled();
    error NotOperator(address caller);
    error IndexOutOfRange(uint256 index, uint256 count);
    error ReceiverExists(address receiver);
    error EthTransferFailed();
    error PayoutAboveCap(uint256 amount, uint256 cap);
    error DailyPayoutCapExceeded(uint256 recentPayouts, uint256 amount, uint256 cap);
    error TooFewApprovals(uint256 given, uint256 required);
    error InvalidSignature(uint256 index);
    error NotApprover(address signer);
    error SignersNotAscending(address previous, address signer);

    constructor(address owner_, IERC20 token_, uint256 fee_, uint128 payoutCap_, uint128 dailyPayoutCap_)
        Ownable(owner_)
        EIP712("Vault", "1")
    {
        if (address(token_) == address(0)) revert InvalidAddress();
        token = token_;
        fee = fee_;
        emit FeeChanged(0, fee_);
        nextRequestId = 1;
        _setPayoutCaps(payoutCap_, dailyPayoutCap_);
    }

    modifier onlyOperator() {
        if (msg.sender != owner() && !operatorSet.contains(msg.sender)) revert NotOperator(msg.sender);
        _;
    }

    /// @notice Deposit `amount` WLD (approved beforehand) paying at least the current ETH fee; anything sent
    /// above it is refunded, so a request signed before the owner lowered the fee still goes through. Not paused
    /// with payouts: deposited WLD can leave only through `payout` (paused) or the owner's sweep to a receiver.
    function recharge(uint256 amount) external payable {
        if (amount == 0) revert ZeroAmount();
        uint256 f = fee;
        if (msg.value < f) revert WrongFee(f, msg.value);
        IERC20 wld = token;
        // SafeERC20.safeTransferFrom(wld, msg.sender, this, amount), inlined: the same checks (a revert is
        // bubbled; success needs `true` back, or no return data from an address with code), without the
        // library's internal-call plumbing, on the most frequent call (docs/decisions.md, "the Vault's gas
        // targets").
        assembly ("memory-safe") {
            let fmp := mload(0x40)
            mstore(0x00, 0x23b872dd) // IERC20.transferFrom.selector, right-aligned: the call starts at 0x1c
            mstore(0x20, caller())
            mstore(0x40, address())
            mstore(0x60, amount)
            let success := call(gas(), wld, 0, 0x1c, 0x64, 0x00, 0x20)
            if iszero(and(success, eq(mload(0x00), 1))) {
                if iszero(success) {
                    returndatacopy(fmp, 0x00, returndatasize())
                    revert(fmp, returndatasize())
                }
                if iszero(and(iszero(returndatasize()), gt(extcodesize(wld), 0))) {
                    mstore(0x00, 0x5274afe7) // SafeERC20FailedOperation(address)
                    mstore(0x20, wld)
                    revert(0x1c, 0x24)
                }
            }
            mstore(0x40, fmp)
            mstore(0x60, 0)
        }
        emit Recharged(msg.sender, amount, f);
        if (msg.value != f) _refund(msg.value - f);
    }

    /// @notice Asks for `amount` WLD of the caller's in-app balance to be withdrawn, paying at least the current
    /// ETH fee (the excess is refunded). Records the request on chain under the next id: `payout` can pay it
    /// only to the caller, at most `amount`, once. No WLD moves here: the server debits its ledger from the
    /// event and later pays with `payout` (while payouts are paused, the withdrawal waits in the ledger).
    function requestWithdraw(uint256 amount) external payable {
        if (amount == 0) revert ZeroAmount();
        if (amount > type(uint96).max) revert AmountTooLarge(amount, type(uint96).max);
        uint256 f = fee;
        if (msg.value < f) revert WrongFee(f, msg.value);
        uint256 id = nextRequestId;
        nextRequestId = id + 1;
        // casting to 'uint96' is safe because amount ≤ type(uint96).max (checked above).
        // forge-lint: disable-next-line(unsafe-typecast)
        withdrawRequests[id] = WithdrawRequest(msg.sender, uint96(amount));
        emit WithdrawRequested(id, msg.sender, amount, f);
        if (msg.value != f) _refund(msg.value - f);
    }

    /// @notice Asks for `amount` WLD of the caller's in-app balance to be moved to `to`'s, paying at least the
    /// current ETH fee (the excess is refunded). No WLD moves here: the server moves it between ledger accounts
    /// from the event.
    function requestTransfer(address to, uint256 amount) external payable {
        if (to == address(0) || to == msg.sender || to == address(this)) revert InvalidAddress();
        if (amount == 0) revert ZeroAmount();
        uint256 f = fee;
        if (msg.value < f) revert WrongFee(f, msg.value);
        emit TransferRequested(msg.sender, to, amount, f);
        if (msg.value != f) _refund(msg.value - f);
    }

    /// @dev Returns what the caller sent above the fee. Last in each function: the state and the event are done.
    function _refund(uint256 excess) private {
        (bool ok,) = msg.sender.call{value: excess}("");
        if (!ok) revert EthTransferFailed();
    }

    /// @notice Pays `amount` WLD on withdraw request `requestId` to its requester: at most the amount
    /// requested, and once (afterwards the request owes nothing), with `signatures`: approvers' EIP-712
    /// signatures of Payout(requestId, the request's requester, amount), sorted by signer address, strictly
    /// ascending (so one approver counted twice is refused without a search). Above `approvalThreshold` two are
    /// needed, else one. Refused while paused, above `payoutCap`, and when it would take recent payouts past
    /// `dailyPayoutCap` (see `payoutAllowance`). A signature cannot be used again: it names the request, which
    /// pays once, and the domain names this Vault and chain.
    function payout(uint256 requestId, uint256 amount, bytes[] calldata signatures) external onlyOperator whenNotPaused {
        if (amount == 0) revert ZeroAmount();
        WithdrawRequest memory request = withdrawRequests[requestId];
        if (request.requester == address(0)) revert UnknownRequest(requestId);
        if (request.owed == 0) revert AlreadyPaid(requestId);
        if (amount > request.owed) revert AboveRequested(amount, request.owed);
        _checkApprovals(requestId, request.requester, amount, signatures);
        if (amount > payoutCap) revert PayoutAboveCap(amount, payoutCap);
        uint256 recent = recentPayouts();
        if (recent + amount > dailyPayoutCap) revert DailyPayoutCapExceeded(recent, amount, dailyPayoutCap);
        uint256 available = token.balanceOf(address(this));
        if (amount > available) revert InsufficientBalance(available, amount);
        // casting to 'uint128' is safe because recent + amount ≤ dailyPayoutCap, a uint128 (checked above).
        // forge-lint: disable-next-line(unsafe-typecast)
        bucketLevel = uint128(recent + amount);
        bucketAt = uint64(block.timestamp);
        withdrawRequests[requestId].owed = 0;
        totalPaidOut += amount;
        token.safeTransfer(request.requester, amount);
        emit PaidOut(requestId, request.requester, amount, msg.sender);
    }

    /// @dev Every signature must recover to an approver, the signers strictly ascending, and there must be as
    /// many as the amount needs (more are checked all the same).
    function _checkApprovals(uint256 requestId, address requester, uint256 amount, bytes[] calldata signatures) private view {
        uint256 required = approvalsRequired(amount);
        if (signatures.length < required) revert TooFewApprovals(signatures.length, required);
        bytes32 digest = payoutDigest(requestId, requester, amount);
        address previous = address(0);
        for (uint256 i = 0; i < signatures.length; ++i) {
            (address signer, ECDSA.RecoverError error,) = ECDSA.tryRecoverCalldata(digest, signatures[i]);
            if (error != ECDSA.RecoverError.NoError) revert InvalidSignature(i);
            if (!approverSet.contains(signer)) revert NotApprover(signer);
            if (signer <= previous) revert SignersNotAscending(previous, signer);
            previous = signer;
        }
    }

    /// @notice How many distinct approvers a payout of `amount` needs: two above `approvalThreshold`, else one.
    function approvalsRequired(uint256 amount) public view returns (uint256) {
        return amount > approvalThreshold ? 2 : 1;
    }

    /// @notice The EIP-712 digest an approver signs to approve paying `amount` on request `requestId` to `requester`.
    function payoutDigest(uint256 requestId, address requester, uint256 amount) public view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(PAYOUT_TYPEHASH, requestId, requester, amount)));
    }

    /// @notice Withdraw request `requestId`: its requester (zero: no such request) and what `payout` may still
    /// pay on it (0 once paid).
    function withdrawRequest(uint256 requestId) external view returns (address requester, uint256 owed) {
        WithdrawRequest memory request = withdrawRequests[requestId];
        return (request.requester, request.owed);
    }

    /// @notice Whether withdraw request `requestId` exists and has been paid.
    function requestPaid(uint256 requestId) external view returns (bool) {
        WithdrawRequest memory request = withdrawRequests[requestId];
        return request.requester != address(0) && request.owed == 0;
    }

    /// @notice What recent payouts still count against the daily cap: each payout adds its amount, and the sum
    /// drains continuously at `dailyPayoutCap` per 24 hours.
    function recentPayouts() public view returns (uint256) {
        // A validator can shift the timestamp by seconds: that drains at most seconds' worth of the cap.
        // forge-lint: disable-next-line(block-timestamp)
        uint256 drained = uint256(dailyPayoutCap) * (block.timestamp - bucketAt) / 1 days;
        return bucketLevel > drained ? bucketLevel - drained : 0;
    }

    /// @notice The most a payout may pay now under the daily cap (the cap per payout and the balance aside).
    function payoutAllowance() external view returns (uint256) {
        uint256 recent = recentPayouts();
        return dailyPayoutCap > recent ? dailyPayoutCap - recent : 0;
    }

    /// @notice Disabled: a Vault without an owner could never be unpaused nor swept. Ownership moves only
    /// through `transferOwnership` + `acceptOwnership`.
    function renounceOwnership() public view override onlyOwner {
        revert RenounceDisabled();
    }

    /// @notice Stops `payout` until `unpause`; recharges, requests, sweeps and the owner's settings go on.
    function pause() external onlyOwner {
        _pause();
    }

    function unpause() external onlyOwner {
        _unpause();
    }

    /// @notice Sets the largest single payout and the daily cap (0 refuses every payout). Recent payouts keep
    /// counting; from now on they drain at the new daily cap per 24 hours.
    function setPayoutCaps(uint128 newPayoutCap, uint128 newDailyPayoutCap) external onlyOwner {
        _setPayoutCaps(newPayoutCap, newDailyPayoutCap);
    }

    function _setPayoutCaps(uint128 newPayoutCap, uint128 newDailyPayoutCap) private {
        // Settle the bucket at the old rate first. Casting to 'uint128' is safe: recentPayouts() ≤ bucketLevel.
        // forge-lint: disable-next-line(unsafe-typecast)
        bucketLevel = uint128(recentPayouts());
        bucketAt = uint64(block.timestamp);
        payoutCap = newPayoutCap;
        dailyPayoutCap = newDailyPayoutCap;
        emit PayoutCapsChanged(newPayoutCap, newDailyPayoutCap);
    }

    function setFee(uint256 newFee) external onlyOwner {
        emit FeeChanged(fee, newFee);
        fee = newFee;
    }

    /// @notice Names (`enabled`) or revokes a payout key. Operators survive a change of owner: the new owner
    /// reviews `operators()` and revokes those it does not run.
    function setOperator(address operator, bool enabled) external onlyOwner {
        if (operator == address(0) || operator == address(this)) revert InvalidAddress();
        if (enabled) operatorSet.add(operator);
        else operatorSet.remove(operator);
        emit OperatorSet(operator, enabled);
    }

    function isOperator(address account) external view returns (bool) {
        return operatorSet.contains(account);
    }

    /// @notice Every address that may call `payout` besides the owner (in no particular order).
    function operators() external view returns (address[] memory) {
        return operatorSet.values();
    }

    /// @notice Names (`enabled`) or removes an approver: an address whose signature approves a payout. Keep
    /// approvers apart from the operator keys: a key that is both can pay what it alone approved (up to the
    /// threshold). A removed approver's signatures no longer count, also on requests not yet paid.
    function setApprover(address approver, bool enabled) external onlyOwner {
        if (approver == address(0) || approver == address(this)) revert InvalidAddress();
        if (enabled) approverSet.add(approver);
        else approverSet.remove(approver);
        emit ApproverSet(approver, enabled);
    }

    function isApprover(address account) external view returns (bool) {
        return approverSet.contains(account);
    }

    /// @notice Every address whose signature approves a payout (in no particular order).
    function approvers() external view returns (address[] memory) {
        return approverSet.values();
    }

    /// @notice Above `newThreshold` (WLD base units) a payout needs two distinct approvers, at or below it one.
    function setApprovalThreshold(uint256 newThreshold) external onlyOwner {
        emit ApprovalThresholdChanged(approvalThreshold, newThreshold);
        approvalThreshold = newThreshold;
    }

    function addReceiver(address receiver) external onlyOwner {
        if (receiver == address(0) || receiver == address(this)) revert InvalidAddress();
        if (isReceiver[receiver]) revert ReceiverExists(receiver);
        isReceiver[receiver] = true;
        receivers.push(receiver);
        emit ReceiverAdded(receiver, receivers.length - 1);
    }

    /// @notice Deletes receiving address `receiver`; later addresses move up one place. By address, not by
    /// index: an index goes stale when an earlier address is removed.
    function removeReceiver(address receiver) external onlyOwner {
        if (!isReceiver[receiver]) revert NotReceiver(receiver);
        uint256 count = receivers.length;
        uint256 index = 0;
        while (receivers[index] != receiver) ++index;
        for (uint256 i = index; i + 1 < count; ++i) receivers[i] = receivers[i + 1];
        receivers.pop();
        isReceiver[receiver] = false;
        emit ReceiverRemoved(receiver, index);
    }

    function receiverAt(uint256 index) external view returns (address) {
        if (index >= receivers.length) revert IndexOutOfRange(index, receivers.length);
        return receivers[index];
    }

    function receiverCount() external view returns (uint256) {
        return receivers.length;
    }

    function allReceivers() external view returns (address[] memory) {
        return receivers;
    }

    /// @notice Sends every collected ETH fee to receiving address `receiver`.
    function sweepFees(address receiver) external onlyOwner {
        if (!isReceiver[receiver]) revert NotReceiver(receiver);
        uint256 amount = address(this).balance;
        if (amount == 0) revert ZeroAmount();
        (bool ok,) = receiver.call{value: amount}("");
        if (!ok) revert EthTransferFailed();
        emit FeesSwept(receiver, amount);
    }

    /// @notice Moves `amount` WLD (e.g. to cold storage) to receiving address `receiver`.
    function sweepTokens(address receiver, uint256 amount) external onlyOwner {
        if (!isReceiver[receiver]) revert NotReceiver(receiver);
        if (amount == 0) revert ZeroAmount();
        uint256 available = token.balanceOf(address(this));
        if (amount > available) revert InsufficientBalance(available, amount);
        totalSwept += amount;
        token.safeTransfer(receiver, amount);
        emit TokensSwept(receiver, amount);
    }
}
