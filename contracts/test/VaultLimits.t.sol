// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {Vault} from "../src/Vault.sol";
import {VaultFixture} from "./VaultFixture.sol";

/// @dev The owner's brakes on money leaving through `payout`: pause, a cap per payout, a daily cap that
/// refills continuously (a cap that reset at 00:00 UTC would let two caps be paid within two seconds).
contract VaultLimitsTest is VaultFixture {
    event Paused(address account);
    event Unpaused(address account);
    event PayoutCapsChanged(uint256 payoutCap, uint256 dailyPayoutCap);

    /// 2025-01-01 00:00:00 UTC, a day boundary.
    uint256 internal constant DAY_START = 1_735_689_600;
    /// Withdraw requests by `stranger`, 1..8, of 100 WLD each.
    uint256 internal constant REQUESTS = 8;

    function setUp() public override {
        super.setUp();
        fund(user, 1000 ether);
        recharge(user, 1000 ether);
        for (uint256 i = 0; i < REQUESTS; ++i) request(stranger, 100 ether);
    }

    function test_pause_stops_payouts_by_operator_and_owner_until_unpaused() public {
        vm.expectEmit(false, false, false, true, address(vault));
        emit Paused(owner);
        vm.prank(owner);
        vault.pause();
        vm.assertTrue(vault.paused());
        vm.prank(operator);
        vm.expectRevert(Pausable.EnforcedPause.selector);
        vault.payout(1, 1 ether, approved(1, 1 ether));
        vm.prank(owner);
        vm.expectRevert(Pausable.EnforcedPause.selector);
        vault.payout(1, 1 ether, approved(1, 1 ether));

        vm.expectEmit(false, false, false, true, address(vault));
        emit Unpaused(owner);
        vm.prank(owner);
        vault.unpause();
        vm.prank(operator);
        vault.payout(1, 1 ether, approved(1, 1 ether));
        vm.assertEq(wld.balanceOf(stranger), 1 ether);
    }

    /// Paused, users still recharge and request (their requests wait in the server's ledger until payouts
    /// resume), and the owner can still move WLD to a receiving address and change settings.
    function test_pause_leaves_recharges_requests_sweeps_and_settings_alone() public {
        vm.startPrank(owner);
        vault.pause();
        vault.addReceiver(vm.addr(21));
        vault.sweepTokens(vm.addr(21), 10 ether);
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
        vault.payout(1, 5 ether + 1, approved(1, 5 ether + 1));
        vm.assertFalse(vault.requestPaid(1));
        vault.payout(1, 5 ether, approved(1, 5 ether));
        vm.stopPrank();
        vm.assertEq(wld.balanceOf(stranger), 5 ether);
    }

    /// A cap that reset at 00:00 UTC would pay 8 WLD at 23:59:59 and 8 more at 00:00:00.
    function test_two_daily_caps_cannot_be_paid_within_two_seconds_around_midnight() public {
        vm.prank(owner);
        vault.setPayoutCaps(8 ether, 8 ether);
        vm.warp(DAY_START + 1 days - 1);
        vm.prank(operator);
        vault.payout(1, 8 ether, approved(1, 8 ether));
        vm.warp(DAY_START + 1 days + 1);
        // Two seconds drained 2/86400 of the cap: far from another 8 WLD.
        uint256 recent = 8 ether - uint256(8 ether) * 2 / 1 days;
        vm.assertEq(vault.recentPayouts(), recent);
        vm.prank(operator);
        vm.expectRevert(abi.encodeWithSelector(Vault.DailyPayoutCapExceeded.selector, recent, 8 ether, 8 ether));
        vault.payout(2, 8 ether, approved(2, 8 ether));
        vm.assertEq(wld.balanceOf(stranger), 8 ether);
    }

    function test_the_daily_cap_refills_in_proportion_to_time_and_whole_after_24_hours() public {
        vm.prank(owner);
        vault.setPayoutCaps(5 ether, 8 ether);
        vm.warp(DAY_START + 5 hours);
        vm.startPrank(operator);
        vault.payout(1, 5 ether, approved(1, 5 ether));
        vault.payout(2, 3 ether, approved(2, 3 ether));
        vm.assertEq(vault.recentPayouts(), 8 ether);
        vm.assertEq(vault.payoutAllowance(), 0);
        vm.expectRevert(abi.encodeWithSelector(Vault.DailyPayoutCapExceeded.selector, 8 ether, 1, 8 ether));
        vault.payout(3, 1, approved(3, 1));
        // Six hours later a quarter of the cap is back.
        vm.warp(DAY_START + 11 hours);
        vm.assertEq(vault.payoutAllowance(), 2 ether);
        vm.expectRevert(abi.encodeWithSelector(Vault.DailyPayoutCapExceeded.selector, 6 ether, 2 ether + 1, 8 ether));
        vault.payout(3, 2 ether + 1, approved(3, 2 ether + 1));
        vault.payout(3, 2 ether, approved(3, 2 ether));
        vm.assertEq(vault.payoutAllowance(), 0);
        // 24 hours after the last payout the whole cap is back.
        vm.warp(DAY_START + 35 hours);
        vm.assertEq(vault.recentPayouts(), 0);
        vault.payout(4, 5 ether, approved(4, 5 ether));
        vault.payout(5, 3 ether, approved(5, 3 ether));
        vm.stopPrank();
        vm.assertEq(wld.balanceOf(stranger), 18 ether);
    }

    function test_a_cap_change_keeps_recent_payouts_and_drains_them_at_the_new_rate() public {
        vm.prank(owner);
        vault.setPayoutCaps(8 ether, 8 ether);
        vm.warp(DAY_START);
        vm.prank(operator);
        vault.payout(1, 8 ether, approved(1, 8 ether));
        // Lowered below what was just paid: nothing more until the bucket drains under the new cap.
        vm.prank(owner);
        vault.setPayoutCaps(8 ether, 4 ether);
        vm.assertEq(vault.payoutAllowance(), 0);
        vm.warp(DAY_START + 12 hours);
        vm.assertEq(vault.recentPayouts(), 6 ether);
        vm.assertEq(vault.payoutAllowance(), 0);
        vm.warp(DAY_START + 36 hours);
        vm.assertEq(vault.recentPayouts(), 2 ether);
        vm.assertEq(vault.payoutAllowance(), 2 ether);
    }

    function test_zero_caps_refuse_every_payout() public {
        vm.prank(owner);
        vault.setPayoutCaps(0, 0);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(Vault.PayoutAboveCap.selector, 1, 0));
        vault.payout(1, 1, approved(1, 1));
        vm.prank(owner);
        vault.setPayoutCaps(1, 0);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(Vault.DailyPayoutCapExceeded.selector, 0, 1, 0));
        vault.payout(1, 1, approved(1, 1));
    }

    function testFuzz_payouts_never_pass_either_cap(uint256 cap, uint256 daily, uint256 a, uint256 b) public {
        cap = bound(cap, 1, 100 ether);
        daily = bound(daily, 1, 300 ether);
        a = bound(a, 1, 100 ether);
        b = bound(b, 1, 100 ether);
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
            vault.payout(i + 1, amount, approved(i + 1, amount));
        }
        vm.assertEq(wld.balanceOf(stranger), paid);
        vm.assertEq(vault.recentPayouts(), paid);
    }
}
