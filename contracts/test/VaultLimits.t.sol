// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {Vault} from "../src/Vault.sol";
import {VaultFixture} from "./VaultFixture.sol";

/// @dev The owner's brakes on money leaving through `payout` (issue 18): pause, a cap per payout, a cap per UTC day.
contract VaultLimitsTest is VaultFixture {
    event Paused(address account);
    event Unpaused(address account);
    event PayoutCapsChanged(uint256 payoutCap, uint256 dailyPayoutCap);

    /// 2025-01-01 00:00:00 UTC, a day boundary.
    uint256 internal constant DAY_START = 1_735_689_600;

    function setUp() public override {
        super.setUp();
        fund(user, 1000 ether);
        recharge(user, 1000 ether);
    }

    function test_pause_stops_payouts_by_operator_and_owner_until_unpaused() public {
        vm.expectEmit(false, false, false, true, address(vault));
        emit Paused(owner);
        vm.prank(owner);
        vault.pause();
        vm.assertTrue(vault.paused());
        vm.prank(operator);
        vm.expectRevert(Pausable.EnforcedPause.selector);
        vault.payout(1, stranger, 1 ether);
        vm.prank(owner);
        vm.expectRevert(Pausable.EnforcedPause.selector);
        vault.payout(1, stranger, 1 ether);

        vm.expectEmit(false, false, false, true, address(vault));
        emit Unpaused(owner);
        vm.prank(owner);
        vault.unpause();
        vm.prank(operator);
        vault.payout(1, stranger, 1 ether);
        vm.assertEq(wld.balanceOf(stranger), 1 ether);
    }

    /// Paused, users still recharge and request (their requests wait in the server's ledger until payouts
    /// resume), and the owner can still move WLD to a receiving address and change settings.
    function test_pause_leaves_recharges_requests_sweeps_and_settings_alone() public {
        vm.startPrank(owner);
        vault.pause();
        vault.addReceiver(vm.addr(21));
        vault.sweepTokens(0, 10 ether);
        vault.setFee(FEE);
        vault.setPayoutCaps(1 ether, 2 ether);
        vm.stopPrank();
        fund(stranger, 5 ether);
        recharge(stranger, 5 ether);
        vm.startPrank(user);
        vault.requestWithdraw{value: FEE}(1 ether);
        vault.requestTransfer{value: FEE}(stranger, 1 ether);
        vm.stopPrank();
        vm.assertEq(wld.balanceOf(address(vault)), 995 ether);
        vm.assertEq(wld.balanceOf(vm.addr(21)), 10 ether);
    }

    function test_only_the_owner_pauses_and_unpauses() public {
        vm.prank(operator);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, operator));
        vault.pause();
        vm.prank(owner);
        vault.pause();
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.unpause();
        vm.prank(owner);
        vm.expectRevert(Pausable.EnforcedPause.selector);
        vault.pause();
        vm.prank(owner);
        vault.unpause();
        vm.prank(owner);
        vm.expectRevert(Pausable.ExpectedPause.selector);
        vault.unpause();
    }

    function test_caps_are_set_by_the_owner_only_with_an_event() public {
        vm.expectEmit(false, false, false, true, address(vault));
        emit PayoutCapsChanged(5 ether, 8 ether);
        vm.prank(owner);
        vault.setPayoutCaps(5 ether, 8 ether);
        vm.assertEq(vault.payoutCap(), 5 ether);
        vm.assertEq(vault.dailyPayoutCap(), 8 ether);
        vm.prank(operator);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, operator));
        vault.setPayoutCaps(type(uint128).max, type(uint128).max);
    }

    function test_the_constructor_sets_the_caps() public {
        vm.expectEmit(false, false, false, true);
        emit PayoutCapsChanged(3, 4);
        Vault fresh = new Vault(owner, wld, FEE, 3, 4);
        vm.assertEq(fresh.payoutCap(), 3);
        vm.assertEq(fresh.dailyPayoutCap(), 4);
    }

    function test_a_payout_above_the_cap_is_refused_and_one_at_the_cap_is_paid() public {
        vm.prank(owner);
        vault.setPayoutCaps(5 ether, 100 ether);
        vm.startPrank(operator);
        vm.expectRevert(abi.encodeWithSelector(Vault.PayoutAboveCap.selector, 5 ether + 1, 5 ether));
        vault.payout(1, stranger, 5 ether + 1);
        vm.assertFalse(vault.withdrawalPaid(1));
        vault.payout(1, stranger, 5 ether);
        vm.stopPrank();
        vm.assertEq(wld.balanceOf(stranger), 5 ether);
    }

    function test_the_daily_cap_refuses_past_the_limit_and_the_utc_day_rolls_over() public {
        vm.prank(owner);
        vault.setPayoutCaps(5 ether, 8 ether);
        vm.warp(DAY_START + 1 days - 60);
        vm.startPrank(operator);
        vault.payout(1, stranger, 5 ether);
        vault.payout(2, stranger, 3 ether);
        vm.assertEq(vault.paidToday(), 8 ether);
        vm.expectRevert(abi.encodeWithSelector(Vault.DailyPayoutCapExceeded.selector, 8 ether, 1, 8 ether));
        vault.payout(3, stranger, 1);
        // One second before midnight UTC: still the same day.
        vm.warp(DAY_START + 1 days - 1);
        vm.expectRevert(abi.encodeWithSelector(Vault.DailyPayoutCapExceeded.selector, 8 ether, 1, 8 ether));
        vault.payout(3, stranger, 1);
        // Midnight: a new day with the whole cap.
        vm.warp(DAY_START + 1 days);
        vm.assertEq(vault.paidToday(), 0);
        vault.payout(3, stranger, 5 ether);
        vault.payout(4, stranger, 3 ether);
        vm.expectRevert(abi.encodeWithSelector(Vault.DailyPayoutCapExceeded.selector, 8 ether, 1 ether, 8 ether));
        vault.payout(5, stranger, 1 ether);
        vm.stopPrank();
        vm.assertEq(vault.payoutDay(), (DAY_START + 1 days) / 1 days);
        vm.assertEq(wld.balanceOf(stranger), 16 ether);
    }

    function test_zero_caps_refuse_every_payout() public {
        vm.prank(owner);
        vault.setPayoutCaps(0, 0);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(Vault.PayoutAboveCap.selector, 1, 0));
        vault.payout(1, stranger, 1);
        vm.prank(owner);
        vault.setPayoutCaps(1, 0);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(Vault.DailyPayoutCapExceeded.selector, 0, 1, 0));
        vault.payout(1, stranger, 1);
    }

    function testFuzz_payouts_never_pass_either_cap(uint256 cap, uint256 daily, uint256 a, uint256 b) public {
        cap = bound(cap, 1, 100 ether);
        daily = bound(daily, 1, 300 ether);
        a = bound(a, 1, 200 ether);
        b = bound(b, 1, 200 ether);
        vm.prank(owner);
        // casting to 'uint128' is safe because both are bounded far below 2^128 above.
        // forge-lint: disable-next-line(unsafe-typecast)
        vault.setPayoutCaps(uint128(cap), uint128(daily));
        uint256 paid;
        uint256[2] memory amounts = [a, b];
        for (uint256 i = 0; i < 2; ++i) {
            uint256 amount = amounts[i];
            if (amount > cap) vm.expectRevert(abi.encodeWithSelector(Vault.PayoutAboveCap.selector, amount, cap));
            else if (paid + amount > daily) vm.expectRevert(abi.encodeWithSelector(Vault.DailyPayoutCapExceeded.selector, paid, amount, daily));
            else paid += amount;
            vm.prank(operator);
            vault.payout(i + 1, stranger, amount);
        }
        vm.assertEq(wld.balanceOf(stranger), paid);
        vm.assertEq(vault.paidToday(), paid);
    }
}
