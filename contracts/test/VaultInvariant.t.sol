// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TestBase} from "./lib/TestBase.sol";
import {Approvals} from "./lib/Approvals.sol";
import {Vault} from "../src/Vault.sol";
import {WLDToken} from "../src/WLDToken.sol";

/// @dev Random recharges, withdraw/transfer requests, fee and cap changes, operators named and revoked, payouts,
/// sweeps, pauses and time passing. Payouts are not steered away from reverts: any id (unknown, already paid),
/// any amount (above the request, the caps, the balance), any caller (owner, operator, revoked operator,
/// stranger), paused or not, with two approvers' signatures, one, or none. The handler predicts the Vault's answer from its own model and catches the revert,
/// so fail_on_revert stays on and still catches a revert the model did not expect.
contract VaultHandler is Approvals {
    Vault internal vault;
    WLDToken internal wld;
    address internal owner;
    address internal constant OPERATOR = address(0x0BE7A70E);
    address internal constant STRANGER = address(0x5742A6E2);
    /// @dev The approvers' keys; the Vault's approval threshold is THRESHOLD (set in the test's setUp).
    uint256 internal constant APPROVER_A = 7;
    uint256 internal constant APPROVER_B = 8;
    uint256 public constant THRESHOLD = 5e26;
    /// @dev The handler's own record of each withdraw request (id from 1): requester, amount, paid.
    address[] internal requesters;
    uint256[] internal requested;
    bool[] internal paidFlags;
    bool public operatorEnabled;
    /// @dev Set when the Vault did something the model did not predict (a payout to someone other than the
    /// requester, a second payout of one id, a refusal with another error, a success where a refusal was due).
    bool public surprise;
    /// @dev Every successful payout (time, amount) and the largest daily cap ever set, for the rolling bound.
    uint256[] public payoutTimes;
    uint256[] public payoutAmounts;
    uint256 public largestDailyCap;
    uint256 public payoutAttempts;
    uint256 public payoutRefusals;
    /// @dev Ghost totals, kept independently of the Vault's own counters.
    uint256 public deposited;
    uint256 public paidOut;
    uint256 public swept;
    uint256 public feesTaken;
    uint256 public feesSwept;
    /// @dev Set when a request changed the Vault's WLD balance; checked by the invariants.
    bool public requestMovedTokens;

    constructor(Vault vault_, WLDToken wld_, address owner_) {
        vault = vault_;
        wld = wld_;
        owner = owner_;
        largestDailyCap = vault_.dailyPayoutCap();
    }

    function payoutCount() external view returns (uint256) {
        return payoutTimes.length;
    }

    function recharge(uint256 actor, uint256 amount) external {
        address who = vm.addr(bound(actor, 100, 104));
        amount = bound(amount, 1, 1e27);
        vm.prank(owner);
        wld.mint(who, amount);
        uint256 fee = vault.fee();
        vm.deal(who, fee);
        vm.startPrank(who);
        wld.approve(address(vault), amount);
        vault.recharge{value: fee}(amount);
        vm.stopPrank();
        deposited += amount;
        feesTaken += fee;
    }

    function requestWithdraw(uint256 actor, uint256 amount) external {
        address who = vm.addr(bound(actor, 100, 104));
        amount = bound(amount, 1, 3e27);
        uint256 fee = _payFee(who);
        uint256 held = wld.balanceOf(address(vault));
        vm.prank(who);
        vault.requestWithdraw{value: fee}(amount);
        _afterRequest(held);
        requesters.push(who);
        requested.push(amount);
        paidFlags.push(false);
    }

    function requestTransfer(uint256 actor, uint256 to, uint256 amount) external {
        uint256 from = bound(actor, 100, 104);
        uint256 dest = bound(to, 100, 104);
        if (dest == from) dest = from == 104 ? 100 : from + 1;
        address who = vm.addr(from);
        amount = bound(amount, 1, type(uint256).max);
        uint256 fee = _payFee(who);
        uint256 held = wld.balanceOf(address(vault));
        vm.prank(who);
        vault.requestTransfer{value: fee}(vm.addr(dest), amount);
        _afterRequest(held);
    }

    function setFee(uint256 newFee) external {
        vm.prank(owner);
        vault.setFee(bound(newFee, 0, 1 ether));
    }

    function sweepFees() external {
        uint256 amount = address(vault).balance;
        if (amount == 0) return;
        _ensureReceiver();
        vm.prank(owner);
        vault.sweepFees(vm.addr(300));
        feesSwept += amount;
    }

    function _payFee(address who) private returns (uint256 fee) {
        fee = vault.fee();
        vm.deal(who, fee);
        feesTaken += fee;
    }

    function _afterRequest(uint256 heldBefore) private {
        if (wld.balanceOf(address(vault)) != heldBefore) requestMovedTokens = true;
    }

    /// @dev Unpauses when paused; pauses one time in three otherwise, so that payouts mostly meet an open Vault.
    function togglePause(uint256 seed) external {
        bool paused = vault.paused();
        if (!paused && seed % 3 != 0) return;
        vm.prank(owner);
        if (paused) vault.unpause();
        else vault.pause();
    }

    function passTime(uint256 secondsLater) external {
        vm.warp(block.timestamp + bound(secondsLater, 1, 2 days));
    }

    function _ensureReceiver() private {
        if (vault.receiverCount() != 0) return;
        vm.prank(owner);
        vault.addReceiver(vm.addr(300));
    }

    function setCaps(uint256 perPayout, uint256 perDay) external {
        // casting to 'uint128' is safe because both are bounded far below 2^128.
        // forge-lint: disable-next-line(unsafe-typecast)
        uint128 daily = uint128(bound(perDay, 0, 4e27));
        // forge-lint: disable-next-line(unsafe-typecast)
        uint128 single = uint128(bound(perPayout, 0, 3e27));
        vm.prank(owner);
        vault.setPayoutCaps(single, daily);
        if (daily > largestDailyCap) largestDailyCap = daily;
    }

    function toggleOperator() external {
        operatorEnabled = !operatorEnabled;
        vm.prank(owner);
        vault.setOperator(OPERATOR, operatorEnabled);
    }

    /// @dev Any id from 0 to two past the last request, any amount (within the request three times in four, up
    /// to twice it otherwise), by the owner or the operator mostly, by a stranger or a member sometimes.
    function payout(uint256 idSeed, uint256 amountSeed, uint256 callerSeed) external {
        uint256 id = bound(idSeed, 0, requesters.length + 2);
        bool known = id >= 1 && id <= requesters.length;
        uint256 most = known ? (amountSeed % 4 == 0 ? 2 * requested[id - 1] : requested[id - 1]) : 3e27;
        uint256 amount = bound(amountSeed, 0, most);
        address caller = [owner, owner, owner, OPERATOR, OPERATOR, OPERATOR, STRANGER, vm.addr(100)][callerSeed % 8];
        bytes memory expected = _expectedRefusal(caller, id, known, amount);
        address to = known ? requesters[id - 1] : address(0);
        uint256 signers = (callerSeed / 8) % 3; // two, one or no approvers
        uint256[] memory keys = signers == 0 ? ascending(APPROVER_A, APPROVER_B) : signers == 1 ? one(APPROVER_A) : new uint256[](0);
        if (expected.length == 0) expected = _approvalRefusal(amount, keys.length);
        bytes[] memory sigs = signedBy(keys, address(vault), id, to, amount);
        uint256 before = known ? wld.balanceOf(to) : 0;
        payoutAttempts += 1;
        vm.prank(caller);
        try vault.payout(id, amount, sigs) {
            if (expected.length != 0 || wld.balanceOf(to) - before != amount) surprise = true;
            paidFlags[id - 1] = true;
            paidOut += amount;
            payoutTimes.push(block.timestamp);
            payoutAmounts.push(amount);
        } catch (bytes memory reason) {
            payoutRefusals += 1;
            if (keccak256(reason) != keccak256(expected)) surprise = true;
        }
    }

    /// @dev What the Vault must answer, from the handler's own record; empty: it must pay. The daily cap's
    /// refill is taken from the Vault's view; invariant_payouts_respect_the_rolling_bound checks it independently.
    function _expectedRefusal(address caller, uint256 id, bool known, uint256 amount) private view returns (bytes memory) {
        if (caller != owner && !(caller == OPERATOR && operatorEnabled)) return abi.encodeWithSelector(Vault.NotOperator.selector, caller);
        if (vault.paused()) return abi.encodeWithSignature("EnforcedPause()");
        if (amount == 0) return abi.encodeWithSelector(Vault.ZeroAmount.selector);
        if (!known) return abi.encodeWithSelector(Vault.UnknownRequest.selector, id);
        if (paidFlags[id - 1]) return abi.encodeWithSelector(Vault.AlreadyPaid.selector, id);
        if (amount > requested[id - 1]) return abi.encodeWithSelector(Vault.AboveRequested.selector, amount, requested[id - 1]);
        return "";
    }

    /// @dev After the request checks: too few signatures for the amount, else the caps and the balance.
    function _approvalRefusal(uint256 amount, uint256 given) private view returns (bytes memory) {
        uint256 required = amount > THRESHOLD ? 2 : 1;
        if (given < required) return abi.encodeWithSelector(Vault.TooFewApprovals.selector, given, required);
        if (amount > vault.payoutCap()) return abi.encodeWithSelector(Vault.PayoutAboveCap.selector, amount, vault.payoutCap());
        uint256 recent = vault.recentPayouts();
        if (recent + amount > vault.dailyPayoutCap()) {
            return abi.encodeWithSelector(Vault.DailyPayoutCapExceeded.selector, recent, amount, vault.dailyPayoutCap());
        }
        uint256 held = wld.balanceOf(address(vault));
        if (amount > held) return abi.encodeWithSelector(Vault.InsufficientBalance.selector, held, amount);
        return "";
    }

    function sweep(uint256 amount) external {
        uint256 held = wld.balanceOf(address(vault));
        if (held == 0) return;
        _ensureReceiver();
        amount = bound(amount, 1, held);
        vm.prank(owner);
        vault.sweepTokens(vm.addr(300), amount);
        swept += amount;
    }
}

contract VaultInvariantTest is TestBase {
    Vault internal vault;
    WLDToken internal wld;
    VaultHandler internal handler;

    function setUp() public {
        address owner = vm.addr(1);
        wld = new WLDToken(owner);
        // Caps of a few recharges' worth, so that the daily cap fills up and refills in a run.
        vault = new Vault(owner, wld, 0.001 ether, 1e27, 2e27);
        handler = new VaultHandler(vault, wld, owner);
        vm.startPrank(owner);
        vault.setApprover(vm.addr(7), true);
        vault.setApprover(vm.addr(8), true);
        vault.setApprovalThreshold(handler.THRESHOLD());
        vm.stopPrank();
    }

    /// @dev Tells forge's invariant runner to call only the handler.
    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    function invariant_balance_is_deposits_minus_payouts_minus_sweeps() public view {
        vm.assertEq(wld.balanceOf(address(vault)), handler.deposited() - handler.paidOut() - handler.swept());
        vm.assertEq(vault.totalPaidOut() + vault.totalSwept(), handler.paidOut() + handler.swept());
    }

    function invariant_eth_held_is_fees_taken_minus_swept() public view {
        vm.assertEq(address(vault).balance, handler.feesTaken() - handler.feesSwept());
    }

    function invariant_requests_move_no_tokens() public view {
        vm.assertFalse(handler.requestMovedTokens());
    }

    function invariant_every_payout_answer_was_the_predicted_one() public view {
        vm.assertFalse(handler.surprise());
    }

    /// @dev The leaky bucket's promise: payouts within any span of t seconds sum to at most cap + cap·t/1 day
    /// (cap: the largest daily cap ever set). A cap that reset at 00:00 UTC broke it around midnight.
    function invariant_payouts_respect_the_rolling_bound() public view {
        uint256 n = handler.payoutCount();
        uint256 cap = handler.largestDailyCap();
        for (uint256 i = 0; i < n; ++i) {
            uint256 sum = 0;
            for (uint256 j = i; j < n; ++j) {
                sum += handler.payoutAmounts(j);
                uint256 span = handler.payoutTimes(j) - handler.payoutTimes(i);
                vm.assertTrue(sum <= cap + cap * span / 1 days);
            }
        }
        vm.assertTrue(vault.recentPayouts() <= cap);
    }
}
