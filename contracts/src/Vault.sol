// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";

/// @notice The recharge/withdraw contract. Users recharge WLD (paying the ETH handling fee) and request
/// withdrawals and transfers (paying the same fee; the server's ledger acts on the events); the owner or an
/// operator pays withdrawals out, each withdrawal id at most once. The owner keeps the receiving addresses:
/// collected ETH fees and swept WLD go only to one of them. Ownership moves in two steps (Ownable2Step): the
/// owner names a pending owner, who must accept, so a mistyped address can never take the Vault over.
/// Money leaving through `payout` is bounded: the owner can pause payouts (Pausable) and sets a cap per payout
/// and per UTC day, so a leaked operator key can pay out at most one day's cap before the owner reacts.
/// Recharges and requests keep no counters: the indexer keys each event by its transaction hash and log index.
contract Vault is Ownable2Step, Pausable {
    using SafeERC20 for IERC20;

    IERC20 public immutable token;
    uint256 public fee;
    /// @notice The largest single payout, and the most all payouts may pay in one UTC day, in WLD base units.
    uint128 public payoutCap;
    uint128 public dailyPayoutCap;
    /// @notice The UTC day (block.timestamp / 1 days) of the last payout, and what payouts paid on that day.
    uint64 public payoutDay;
    uint192 public paidOnPayoutDay;
    uint256 public totalPaidOut;
    uint256 public totalSwept;

    mapping(address => bool) public isOperator;
    mapping(uint256 => bool) public withdrawalPaid;
    mapping(address => bool) public isReceiver;
    address[] private receivers;

    event Recharged(address user, uint256 amount, uint256 fee);
    event WithdrawRequested(address indexed user, uint256 amount, uint256 fee);
    event TransferRequested(address indexed from, address indexed to, uint256 amount, uint256 fee);
    event PaidOut(uint256 indexed withdrawalId, address indexed to, uint256 amount, address indexed operator);
    event FeeChanged(uint256 oldFee, uint256 newFee);
    event PayoutCapsChanged(uint256 payoutCap, uint256 dailyPayoutCap);
    event OperatorSet(address indexed operator, bool enabled);
    event ReceiverAdded(address indexed receiver, uint256 index);
    event ReceiverRemoved(address indexed receiver, uint256 index);
    event FeesSwept(address indexed receiver, uint256 amount);
    event TokensSwept(address indexed receiver, uint256 amount);

    error InvalidAddress();
    error ZeroAmount();
    error WrongFee(uint256 required, uint256 sent);
    error InsufficientBalance(uint256 available, uint256 requested);
    error AlreadyPaid(uint256 withdrawalId);
    error NotOperator(address caller);
    error IndexOutOfRange(uint256 index, uint256 count);
    error ReceiverExists(address receiver);
    error EthTransferFailed();
    error PayoutAboveCap(uint256 amount, uint256 cap);
    error DailyPayoutCapExceeded(uint256 paidToday, uint256 amount, uint256 cap);

    constructor(address owner_, IERC20 token_, uint256 fee_, uint128 payoutCap_, uint128 dailyPayoutCap_) Ownable(owner_) {
        if (address(token_) == address(0)) revert InvalidAddress();
        token = token_;
        fee = fee_;
        emit FeeChanged(0, fee_);
        _setPayoutCaps(payoutCap_, dailyPayoutCap_);
    }

    modifier onlyOperator() {
        if (msg.sender != owner() && !isOperator[msg.sender]) revert NotOperator(msg.sender);
        _;
    }

    /// @notice Deposit `amount` WLD (approved beforehand) paying exactly the current ETH fee. Not paused with
    /// payouts: deposited WLD can leave only through `payout` (paused) or the owner's sweep to a receiver.
    function recharge(uint256 amount) external payable {
        if (amount == 0) revert ZeroAmount();
        if (msg.value != fee) revert WrongFee(fee, msg.value);
        IERC20 wld = token;
        // SafeERC20.safeTransferFrom(wld, msg.sender, this, amount), inlined: the same checks (a revert is
        // bubbled; success needs `true` back, or no return data from an address with code), without the
        // library's internal-call plumbing (~150 gas on the most frequent call, issue 17).
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
        emit Recharged(msg.sender, amount, msg.value);
    }

    /// @notice Asks for `amount` WLD of the caller's in-app balance to be withdrawn, paying exactly the current
    /// ETH fee. No WLD moves here: the server debits its ledger from the event and later pays with `payout`
    /// (while payouts are paused, the withdrawal waits in the ledger).
    function requestWithdraw(uint256 amount) external payable {
        if (amount == 0) revert ZeroAmount();
        if (msg.value != fee) revert WrongFee(fee, msg.value);
        emit WithdrawRequested(msg.sender, amount, msg.value);
    }

    /// @notice Asks for `amount` WLD of the caller's in-app balance to be moved to `to`'s, paying exactly the
    /// current ETH fee. No WLD moves here: the server moves it between ledger accounts from the event.
    function requestTransfer(address to, uint256 amount) external payable {
        if (to == address(0) || to == msg.sender) revert InvalidAddress();
        if (amount == 0) revert ZeroAmount();
        if (msg.value != fee) revert WrongFee(fee, msg.value);
        emit TransferRequested(msg.sender, to, amount, msg.value);
    }

    /// @notice Pays withdrawal `withdrawalId` to `to`; the same id can never be paid twice. Refused while paused,
    /// above `payoutCap`, and when the UTC day's payouts would pass `dailyPayoutCap`.
    function payout(uint256 withdrawalId, address to, uint256 amount) external onlyOperator whenNotPaused {
        if (to == address(0)) revert InvalidAddress();
        if (amount == 0) revert ZeroAmount();
        if (withdrawalPaid[withdrawalId]) revert AlreadyPaid(withdrawalId);
        if (amount > payoutCap) revert PayoutAboveCap(amount, payoutCap);
        uint256 paid = paidToday();
        if (paid + amount > dailyPayoutCap) revert DailyPayoutCapExceeded(paid, amount, dailyPayoutCap);
        uint256 available = token.balanceOf(address(this));
        if (amount > available) revert InsufficientBalance(available, amount);
        payoutDay = uint64(block.timestamp / 1 days);
        // casting to 'uint192' is safe because paid + amount ≤ dailyPayoutCap, a uint128 (checked above).
        // forge-lint: disable-next-line(unsafe-typecast)
        paidOnPayoutDay = uint192(paid + amount);
        withdrawalPaid[withdrawalId] = true;
        totalPaidOut += amount;
        token.safeTransfer(to, amount);
        emit PaidOut(withdrawalId, to, amount, msg.sender);
    }

    /// @notice What payouts have paid so far in the current UTC day (block.timestamp / 1 days).
    function paidToday() public view returns (uint256) {
        // A validator can shift the timestamp by seconds, not by the day this compares.
        // forge-lint: disable-next-line(block-timestamp)
        return payoutDay == block.timestamp / 1 days ? paidOnPayoutDay : 0;
    }

    /// @notice Stops `payout` until `unpause`; recharges, requests, sweeps and the owner's settings go on.
    function pause() external onlyOwner {
        _pause();
    }

    function unpause() external onlyOwner {
        _unpause();
    }

    /// @notice Sets the largest single payout and the most paid out per UTC day (0 refuses every payout).
    function setPayoutCaps(uint128 newPayoutCap, uint128 newDailyPayoutCap) external onlyOwner {
        _setPayoutCaps(newPayoutCap, newDailyPayoutCap);
    }

    function _setPayoutCaps(uint128 newPayoutCap, uint128 newDailyPayoutCap) private {
        payoutCap = newPayoutCap;
        dailyPayoutCap = newDailyPayoutCap;
        emit PayoutCapsChanged(newPayoutCap, newDailyPayoutCap);
    }

    function setFee(uint256 newFee) external onlyOwner {
        emit FeeChanged(fee, newFee);
        fee = newFee;
    }

    function setOperator(address operator, bool enabled) external onlyOwner {
        if (operator == address(0)) revert InvalidAddress();
        isOperator[operator] = enabled;
        emit OperatorSet(operator, enabled);
    }

    function addReceiver(address receiver) external onlyOwner {
        if (receiver == address(0)) revert InvalidAddress();
        if (isReceiver[receiver]) revert ReceiverExists(receiver);
        isReceiver[receiver] = true;
        receivers.push(receiver);
        emit ReceiverAdded(receiver, receivers.length - 1);
    }

    /// @notice Deletes the receiving address at `index` (from 0); later addresses move up one place.
    function removeReceiver(uint256 index) external onlyOwner {
        uint256 count = receivers.length;
        if (index >= count) revert IndexOutOfRange(index, count);
        address receiver = receivers[index];
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

    /// @notice Sends every collected ETH fee to the receiving address at `index`.
    function sweepFees(uint256 index) external onlyOwner {
        address receiver = _receiver(index);
        uint256 amount = address(this).balance;
        if (amount == 0) revert ZeroAmount();
        (bool ok,) = receiver.call{value: amount}("");
        if (!ok) revert EthTransferFailed();
        emit FeesSwept(receiver, amount);
    }

    /// @notice Moves `amount` WLD (e.g. to cold storage) to the receiving address at `index`.
    function sweepTokens(uint256 index, uint256 amount) external onlyOwner {
        address receiver = _receiver(index);
        if (amount == 0) revert ZeroAmount();
        uint256 available = token.balanceOf(address(this));
        if (amount > available) revert InsufficientBalance(available, amount);
        totalSwept += amount;
        token.safeTransfer(receiver, amount);
        emit TokensSwept(receiver, amount);
    }

    function _receiver(uint256 index) private view returns (address) {
        if (index >= receivers.length) revert IndexOutOfRange(index, receivers.length);
        return receivers[index];
    }
}
