// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TestBase} from "./lib/TestBase.sol";
import {Vault} from "../src/Vault.sol";
import {WLDToken} from "../src/WLDToken.sol";

/// @dev Random recharges, withdraw/transfer requests, fee changes, payouts, sweeps, pauses and days passing,
/// by the right callers, with bounded inputs.
contract VaultHandler is TestBase {
    Vault internal vault;
    WLDToken internal wld;
    address internal owner;
    uint256 public nextWithdrawal = 1;
    /// @dev Ghost totals, kept independently of the Vault's own counters.
    uint256 public deposited;
    uint256 public paidOut;
    uint256 public swept;
    uint256 public feesTaken;
    uint256 public feesSwept;
    /// @dev Set when a request changed the Vault's WLD balance; checked by the invariants.
    bool public requestMovedTokens;
    /// @dev Paid out per UTC day, kept independently of the Vault's own day counter; the largest day seen.
    mapping(uint256 => uint256) public paidOnDay;
    uint256 public mostPaidInADay;

    constructor(Vault vault_, WLDToken wld_, address owner_) {
        vault = vault_;
        wld = wld_;
        owner = owner_;
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
        amount = bound(amount, 1, type(uint256).max);
        uint256 fee = _payFee(who);
        uint256 held = wld.balanceOf(address(vault));
        vm.prank(who);
        vault.requestWithdraw{value: fee}(amount);
        _afterRequest(held);
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
        vault.sweepFees(0);
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

    function togglePause() external {
        bool paused = vault.paused();
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

    /// @dev A payout within every limit (paused: skipped); the cap refusals are unit-tested in Vault.t.sol.
    function payout(uint256 to, uint256 amount) external {
        uint256 room = vault.dailyPayoutCap() - vault.paidToday();
        uint256 most = _min(_min(wld.balanceOf(address(vault)), vault.payoutCap()), room);
        if (most == 0 || vault.paused()) return;
        amount = bound(amount, 1, most);
        vm.prank(owner);
        vault.payout(nextWithdrawal++, vm.addr(bound(to, 200, 204)), amount);
        paidOut += amount;
        uint256 day = block.timestamp / 1 days;
        paidOnDay[day] += amount;
        if (paidOnDay[day] > mostPaidInADay) mostPaidInADay = paidOnDay[day];
    }

    function _min(uint256 a, uint256 b) private pure returns (uint256) {
        return a < b ? a : b;
    }

    function sweep(uint256 amount) external {
        uint256 held = wld.balanceOf(address(vault));
        if (held == 0) return;
        _ensureReceiver();
        amount = bound(amount, 1, held);
        vm.prank(owner);
        vault.sweepTokens(0, amount);
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
        // Caps of a few recharges' worth, so that days fill up and roll over in a run.
        vault = new Vault(owner, wld, 0.001 ether, 1e27, 2e27);
        handler = new VaultHandler(vault, wld, owner);
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

    function invariant_no_day_pays_more_than_the_daily_cap() public view {
        vm.assertTrue(handler.mostPaidInADay() <= vault.dailyPayoutCap());
        vm.assertEq(vault.paidToday(), handler.paidOnDay(block.timestamp / 1 days));
    }
}
