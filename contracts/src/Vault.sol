// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";

/// @notice The recharge/withdraw contract. Users recharge WLD (paying the ETH handling fee) and request
/// withdrawals and transfers (paying the same fee; the server's ledger acts on the events); the owner or an
/// operator pays withdrawals out, each withdrawal id at most once. The owner keeps the receiving addresses:
/// collected ETH fees and swept WLD go only to one of them. Ownership moves in two steps (Ownable2Step): the
/// owner names a pending owner, who must accept, so a mistyped address can never take the Vault over.
contract Vault is Ownable2Step {
    using SafeERC20 for IERC20;

    IERC20 public immutable token;
    uint256 public fee;
    uint256 public rechargeCount;
    /// @notice Ids of withdrawal and transfer requests, one sequence for both kinds (the first id is 1).
    uint256 public requestCount;
    uint256 public totalDeposited;
    uint256 public totalPaidOut;
    uint256 public totalSwept;

    mapping(address => bool) public isOperator;
    mapping(uint256 => bool) public withdrawalPaid;
    mapping(address => bool) public isReceiver;
    address[] private receivers;

    event Recharged(uint256 indexed rechargeId, address indexed user, uint256 amount, uint256 fee);
    event WithdrawRequested(uint256 indexed requestId, address indexed user, uint256 amount, uint256 fee);
    event TransferRequested(uint256 indexed requestId, address indexed from, address indexed to, uint256 amount, uint256 fee);
    event PaidOut(uint256 indexed withdrawalId, address indexed to, uint256 amount, address indexed operator);
    event FeeChanged(uint256 oldFee, uint256 newFee);
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

    constructor(address owner_, IERC20 token_, uint256 fee_) Ownable(owner_) {
        if (address(token_) == address(0)) revert InvalidAddress();
        token = token_;
        fee = fee_;
        emit FeeChanged(0, fee_);
    }

    modifier onlyOperator() {
        if (msg.sender != owner() && !isOperator[msg.sender]) revert NotOperator(msg.sender);
        _;
    }

    /// @notice Deposit `amount` WLD (approved beforehand) paying exactly the current ETH fee.
    function recharge(uint256 amount) external payable returns (uint256 rechargeId) {
        if (amount == 0) revert ZeroAmount();
        if (msg.value != fee) revert WrongFee(fee, msg.value);
        rechargeId = ++rechargeCount;
        totalDeposited += amount;
        token.safeTransferFrom(msg.sender, address(this), amount);
        emit Recharged(rechargeId, msg.sender, amount, msg.value);
    }

    /// @notice Asks for `amount` WLD of the caller's in-app balance to be withdrawn, paying exactly the current
    /// ETH fee. No WLD moves here: the server debits its ledger from the event and later pays with `payout`.
    function requestWithdraw(uint256 amount) external payable returns (uint256 requestId) {
        if (amount == 0) revert ZeroAmount();
        if (msg.value != fee) revert WrongFee(fee, msg.value);
        // A uint256 counter bumped by one per transaction cannot overflow.
        unchecked {
            requestId = ++requestCount;
        }
        emit WithdrawRequested(requestId, msg.sender, amount, msg.value);
    }

    /// @notice Asks for `amount` WLD of the caller's in-app balance to be moved to `to`'s, paying exactly the
    /// current ETH fee. No WLD moves here: the server moves it between ledger accounts from the event.
    function requestTransfer(address to, uint256 amount) external payable returns (uint256 requestId) {
        if (to == address(0) || to == msg.sender) revert InvalidAddress();
        if (amount == 0) revert ZeroAmount();
        if (msg.value != fee) revert WrongFee(fee, msg.value);
        unchecked {
            requestId = ++requestCount;
        }
        emit TransferRequested(requestId, msg.sender, to, amount, msg.value);
    }

    /// @notice Pays withdrawal `withdrawalId` to `to`; the same id can never be paid twice.
    function payout(uint256 withdrawalId, address to, uint256 amount) external onlyOperator {
        if (to == address(0)) revert InvalidAddress();
        if (amount == 0) revert ZeroAmount();
        if (withdrawalPaid[withdrawalId]) revert AlreadyPaid(withdrawalId);
        uint256 available = token.balanceOf(address(this));
        if (amount > available) revert InsufficientBalance(available, amount);
        withdrawalPaid[withdrawalId] = true;
        totalPaidOut += amount;
        token.safeTransfer(to, amount);
        emit PaidOut(withdrawalId, to, amount, msg.sender);
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
