// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {Vault} from "../src/Vault.sol";
import {WLDToken} from "../src/WLDToken.sol";
import {VaultFixture} from "./VaultFixture.sol";

contract VaultTest is VaultFixture {
    event Recharged(address user, uint256 amount, uint256 fee);
    event PaidOut(uint256 indexed requestId, address indexed to, uint256 amount, address indexed operator);
    event WithdrawRequested(uint256 indexed requestId, address indexed user, uint256 amount, uint256 fee);
    event TransferRequested(address indexed from, address indexed to, uint256 amount, uint256 fee);

    function test_constructor_rejects_zero_token() public {
        vm.expectRevert(Vault.InvalidAddress.selector);
        new Vault(owner, WLDToken(address(0)), FEE, NO_CAP, NO_CAP);
    }

    function test_recharge_takes_tokens_and_fee_and_emits() public {
        fund(user, 100 ether);
        vm.expectEmit(false, false, false, true, address(vault));
        emit Recharged(user, 40 ether, FEE);
        recharge(user, 40 ether);
        vm.assertEq(wld.balanceOf(address(vault)), 40 ether);
        vm.assertEq(wld.balanceOf(user), 60 ether);
        vm.assertEq(address(vault).balance, FEE);
    }

    function test_recharge_rejects_a_wrong_fee() public {
        fund(user, 1 ether);
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(Vault.WrongFee.selector, FEE, FEE - 1));
        vault.recharge{value: FEE - 1}(1 ether);
    }

    function test_recharge_rejects_zero_amount() public {
        fund(user, 1 ether);
        vm.prank(user);
        vm.expectRevert(Vault.ZeroAmount.selector);
        vault.recharge{value: FEE}(0);
    }

    function test_recharge_without_allowance_reverts() public {
        vm.prank(owner);
        wld.mint(user, 1 ether);
        vm.deal(user, 1 ether);
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(IERC20Errors.ERC20InsufficientAllowance.selector, address(vault), 0, 1 ether));
        vault.recharge{value: FEE}(1 ether);
    }

    function test_payout_by_owner_and_operator() public {
        fund(user, 10 ether);
        recharge(user, 10 ether);
        uint256 first = request(stranger, 3 ether);
        uint256 second = request(stranger, 2 ether);
        vm.assertFalse(vault.requestPaid(first));
        vm.expectEmit(true, true, true, true, address(vault));
        emit PaidOut(first, stranger, 3 ether, owner);
        vm.prank(owner);
        vault.payout(first, 3 ether, approved(first, 3 ether));
        vm.prank(operator);
        vault.payout(second, 2 ether, approved(second, 2 ether));
        vm.assertEq(wld.balanceOf(stranger), 5 ether);
        vm.assertTrue(vault.requestPaid(first));
        vm.assertEq(vault.totalPaidOut(), 5 ether);
    }

    function test_payout_never_pays_an_id_twice() public {
        fund(user, 10 ether);
        recharge(user, 10 ether);
        uint256 id = request(stranger, 1 ether);
        vm.startPrank(owner);
        vault.payout(id, 1 ether, approved(id, 1 ether));
        vm.expectRevert(abi.encodeWithSelector(Vault.AlreadyPaid.selector, id));
        vault.payout(id, 1 ether, approved(id, 1 ether));
        vm.stopPrank();
    }

    function test_payout_rejects_more_than_held() public {
        fund(user, 10 ether);
        recharge(user, 10 ether);
        uint256 id = request(stranger, 11 ether);
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(Vault.InsufficientBalance.selector, 10 ether, 11 ether));
        vault.payout(id, 11 ether, approved(id, 11 ether));
    }

    function test_payout_rejects_zero_amount_unknown_requests_and_strangers() public {
        uint256 id = request(user, 1);
        vm.startPrank(owner);
        vm.expectRevert(Vault.ZeroAmount.selector);
        vault.payout(id, 0, approved(id, 0));
        vm.expectRevert(abi.encodeWithSelector(Vault.UnknownRequest.selector, 0));
        vault.payout(0, 1, approved(0, 1));
        vm.expectRevert(abi.encodeWithSelector(Vault.UnknownRequest.selector, id + 1));
        vault.payout(id + 1, 1, approved(id + 1, 1));
        vm.stopPrank();
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(Vault.NotOperator.selector, stranger));
        vault.payout(id, 1, approved(id, 1));
    }

    function test_fee_is_set_and_queried_by_owner_only() public {
        vm.prank(owner);
        vault.setFee(0.5 ether);
        vm.assertEq(vault.fee(), 0.5 ether);
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.setFee(1);
    }

    function test_operators_are_named_by_the_owner() public {
        vm.prank(owner);
        vault.setOperator(operator, false);
        vm.assertFalse(vault.isOperator(operator));
        vm.prank(owner);
        vm.expectRevert(Vault.InvalidAddress.selector);
        vault.setOperator(address(0), true);
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.setOperator(stranger, true);
    }

    event OwnershipTransferStarted(address indexed previousOwner, address indexed newOwner);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    function test_transfer_permissions_takes_two_steps() public {
        vm.expectEmit(true, true, false, true, address(vault));
        emit OwnershipTransferStarted(owner, stranger);
        vm.prank(owner);
        vault.transferOwnership(stranger);
        // Named, not yet owner: the old owner keeps every right until the new one accepts.
        vm.assertEq(vault.owner(), owner);
        vm.assertEq(vault.pendingOwner(), stranger);
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.setFee(1);
        vm.prank(owner);
        vault.setFee(2);

        vm.expectEmit(true, true, false, true, address(vault));
        emit OwnershipTransferred(owner, stranger);
        vm.prank(stranger);
        vault.acceptOwnership();
        vm.assertEq(vault.owner(), stranger);
        vm.assertEq(vault.pendingOwner(), address(0));
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, owner));
        vault.setFee(1);
        vm.prank(stranger);
        vault.setFee(3);
        vm.assertEq(vault.fee(), 3);
    }

    function test_only_the_owner_starts_and_only_the_pending_owner_accepts() public {
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.transferOwnership(stranger);
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.acceptOwnership();

        vm.prank(owner);
        vault.transferOwnership(stranger);
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, user));
        vault.acceptOwnership();
        vm.prank(owner);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, owner));
        vault.acceptOwnership();
    }

    function test_a_pending_transfer_is_replaced_or_cancelled_by_the_owner() public {
        vm.startPrank(owner);
        vault.transferOwnership(stranger);
        vault.transferOwnership(user);
        vm.stopPrank();
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.acceptOwnership();

        // Naming the zero address cancels: nobody can accept any more.
        vm.prank(owner);
        vault.transferOwnership(address(0));
        vm.assertEq(vault.pendingOwner(), address(0));
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, user));
        vault.acceptOwnership();
        vm.assertEq(vault.owner(), owner);
    }

    function testFuzz_nobody_but_the_pending_owner_can_accept(address caller) public {
        vm.assume(caller != stranger);
        vm.prank(owner);
        vault.transferOwnership(stranger);
        vm.prank(caller);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, caller));
        vault.acceptOwnership();
        vm.assertEq(vault.owner(), owner);
    }

    function test_receivers_add_query_delete_in_order() public {
        address a = vm.addr(11);
        address b = vm.addr(12);
        address c = vm.addr(13);
        vm.startPrank(owner);
        vault.addReceiver(a);
        vault.addReceiver(b);
        vault.addReceiver(c);
        vm.assertEq(vault.receiverCount(), 3);
        vm.assertEq(vault.receiverAt(0), a);
        vault.removeReceiver(a);
        vm.assertEq(vault.receiverAt(0), b);
        vm.assertEq(vault.receiverAt(1), c);
        address[] memory all = vault.allReceivers();
        vm.assertEq(all.length, 2);
        vm.assertFalse(vault.isReceiver(a));
        vm.expectRevert(abi.encodeWithSelector(Vault.IndexOutOfRange.selector, 2, 2));
        vault.receiverAt(2);
        vm.expectRevert(abi.encodeWithSelector(Vault.NotReceiver.selector, a));
        vault.removeReceiver(a);
        vm.expectRevert(abi.encodeWithSelector(Vault.ReceiverExists.selector, b));
        vault.addReceiver(b);
        vm.expectRevert(Vault.InvalidAddress.selector);
        vault.addReceiver(address(0));
        vm.stopPrank();
    }

    function test_receiver_admin_is_owner_only() public {
        vm.startPrank(stranger);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.addReceiver(stranger);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.removeReceiver(stranger);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.sweepFees(stranger);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.sweepTokens(stranger, 1);
        vm.stopPrank();
    }

    function test_fees_and_tokens_go_only_to_receivers() public {
        address r = vm.addr(21);
        fund(user, 10 ether);
        recharge(user, 4 ether);
        recharge(user, 4 ether);
        vm.startPrank(owner);
        vm.expectRevert(abi.encodeWithSelector(Vault.NotReceiver.selector, r));
        vault.sweepFees(r);
        vm.expectRevert(abi.encodeWithSelector(Vault.NotReceiver.selector, r));
        vault.sweepTokens(r, 1);
        vault.addReceiver(r);
        vault.sweepFees(r);
        vm.assertEq(r.balance, 2 * FEE);
        vm.expectRevert(Vault.ZeroAmount.selector);
        vault.sweepFees(r);
        vault.sweepTokens(r, 3 ether);
        vm.assertEq(wld.balanceOf(r), 3 ether);
        vm.assertEq(vault.totalSwept(), 3 ether);
        vm.expectRevert(abi.encodeWithSelector(Vault.InsufficientBalance.selector, 5 ether, 6 ether));
        vault.sweepTokens(r, 6 ether);
        vm.expectRevert(Vault.ZeroAmount.selector);
        vault.sweepTokens(r, 0);
        vm.stopPrank();
    }

    function test_requestWithdraw_takes_the_fee_moves_no_tokens_and_emits() public {
        fund(user, 10 ether);
        recharge(user, 10 ether);
        vm.expectEmit(true, true, false, true, address(vault));
        emit WithdrawRequested(1, user, 4 ether, FEE);
        vm.prank(user);
        vault.requestWithdraw{value: FEE}(4 ether);
        (address requester, uint256 owed) = vault.withdrawRequest(1);
        vm.assertEq(requester, user);
        vm.assertEq(owed, 4 ether);
        vm.assertEq(vault.nextRequestId(), 2);
        vm.assertEq(wld.balanceOf(address(vault)), 10 ether);
        vm.assertEq(wld.balanceOf(user), 0);
        vm.assertEq(address(vault).balance, 2 * FEE);
        vm.assertEq(user.balance, 10 ether - 2 * FEE);
        vm.assertEq(vault.totalPaidOut(), 0);
    }

    function test_requestTransfer_takes_the_fee_moves_no_tokens_and_emits() public {
        fund(user, 10 ether);
        recharge(user, 10 ether);
        vm.expectEmit(true, true, false, true, address(vault));
        emit TransferRequested(user, stranger, 3 ether, FEE);
        vm.prank(user);
        vault.requestTransfer{value: FEE}(stranger, 3 ether);
        vm.assertEq(wld.balanceOf(address(vault)), 10 ether);
        vm.assertEq(wld.balanceOf(stranger), 0);
        vm.assertEq(address(vault).balance, 2 * FEE);
    }

    function test_requests_need_no_tokens_or_allowance() public {
        vm.deal(stranger, 1 ether);
        vm.startPrank(stranger);
        vault.requestWithdraw{value: FEE}(5 ether);
        vault.requestTransfer{value: FEE}(user, 5 ether);
        vm.stopPrank();
        vm.assertEq(wld.allowance(stranger, address(vault)), 0);
        vm.assertEq(wld.balanceOf(address(vault)), 0);
        vm.assertEq(address(vault).balance, 2 * FEE);
    }

    /// @dev Storage only what the contract must know: recharges and transfer requests read the fee and write
    /// nothing of the Vault's; a withdraw request writes the request counter and its request (one slot), which
    /// `payout` needs to pay only that requester.
    function test_only_a_withdraw_request_writes_vault_storage_and_two_slots() public {
        fund(user, 10 ether);
        vm.record();
        recharge(user, 1 ether);
        vm.startPrank(user);
        vault.requestTransfer{value: FEE}(stranger, 1);
        vm.stopPrank();
        (, bytes32[] memory writes) = vm.accesses(address(vault));
        vm.assertEq(writes.length, 0);
        vm.record();
        vm.prank(user);
        vault.requestWithdraw{value: FEE}(1);
        (, writes) = vm.accesses(address(vault));
        vm.assertEq(writes.length, 2);
    }

    function test_requests_reject_a_fee_below_the_current_one() public {
        vm.deal(user, 1 ether);
        vm.startPrank(user);
        vm.expectRevert(abi.encodeWithSelector(Vault.WrongFee.selector, FEE, FEE - 1));
        vault.requestWithdraw{value: FEE - 1}(1 ether);
        vm.expectRevert(abi.encodeWithSelector(Vault.WrongFee.selector, FEE, 0));
        vault.requestTransfer(stranger, 1 ether);
        vm.stopPrank();
        vm.assertEq(address(vault).balance, 0);
    }

    function test_requests_reject_zero_amount() public {
        vm.deal(user, 1 ether);
        vm.startPrank(user);
        vm.expectRevert(Vault.ZeroAmount.selector);
        vault.requestWithdraw{value: FEE}(0);
        vm.expectRevert(Vault.ZeroAmount.selector);
        vault.requestTransfer{value: FEE}(stranger, 0);
        vm.stopPrank();
    }

    function test_requestTransfer_rejects_the_zero_address_the_sender_and_the_vault() public {
        vm.deal(user, 1 ether);
        vm.startPrank(user);
        vm.expectRevert(Vault.InvalidAddress.selector);
        vault.requestTransfer{value: FEE}(address(0), 1 ether);
        vm.expectRevert(Vault.InvalidAddress.selector);
        vault.requestTransfer{value: FEE}(user, 1 ether);
        vm.expectRevert(Vault.InvalidAddress.selector);
        vault.requestTransfer{value: FEE}(address(vault), 1 ether);
        vm.stopPrank();
        vm.assertEq(address(vault).balance, 0);
    }

    function test_request_fees_follow_setFee_and_are_swept_with_recharge_fees() public {
        address r = vm.addr(21);
        fund(user, 10 ether);
        recharge(user, 4 ether);
        vm.prank(user);
        vault.requestWithdraw{value: FEE}(1 ether);
        vm.prank(owner);
        vault.setFee(0.5 ether);
        vm.startPrank(user);
        vm.expectRevert(abi.encodeWithSelector(Vault.WrongFee.selector, 0.5 ether, FEE));
        vault.requestTransfer{value: FEE}(stranger, 1 ether);
        vm.expectEmit(true, true, false, true, address(vault));
        emit TransferRequested(user, stranger, 1 ether, 0.5 ether);
        vault.requestTransfer{value: 0.5 ether}(stranger, 1 ether);
        vm.stopPrank();
        vm.assertEq(address(vault).balance, 2 * FEE + 0.5 ether);
        vm.startPrank(owner);
        vault.addReceiver(r);
        vault.sweepFees(r);
        vm.assertEq(r.balance, 2 * FEE + 0.5 ether);
        vm.assertEq(address(vault).balance, 0);
        vault.setFee(0);
        vm.stopPrank();
        vm.prank(user);
        vault.requestWithdraw(2 ether);
        vm.prank(owner);
        vm.expectRevert(Vault.ZeroAmount.selector);
        vault.sweepFees(r);
        vm.assertEq(wld.balanceOf(address(vault)), 4 ether);
    }

    function testFuzz_recharge_takes_the_fee_and_refunds_what_was_sent_above_it(uint256 amount, uint256 sent) public {
        amount = bound(amount, 1, 1e30);
        sent = bound(sent, 0, 1 ether);
        fund(user, amount);
        vm.prank(user);
        if (sent < FEE) vm.expectRevert(abi.encodeWithSelector(Vault.WrongFee.selector, FEE, sent));
        vault.recharge{value: sent}(amount);
        vm.assertEq(wld.balanceOf(address(vault)), sent >= FEE ? amount : 0);
        vm.assertEq(address(vault).balance, sent >= FEE ? FEE : 0);
        vm.assertEq(user.balance, 10 ether - (sent >= FEE ? FEE : 0));
    }

    function testFuzz_payout_pays_any_amount_held(uint256 deposit, uint256 amount) public {
        deposit = bound(deposit, 1, 1e27);
        amount = bound(amount, 1, 2e27);
        fund(user, deposit);
        recharge(user, deposit);
        uint256 id = request(stranger, amount);
        vm.prank(operator);
        if (amount > deposit) vm.expectRevert(abi.encodeWithSelector(Vault.InsufficientBalance.selector, deposit, amount));
        vault.payout(id, amount, approved(id, amount));
        vm.assertEq(wld.balanceOf(stranger), amount > deposit ? 0 : amount);
    }

    function testFuzz_requests_accept_any_amount_at_any_fee(uint256 amount, uint256 newFee, address to) public {
        vm.assume(to != address(0) && to != user && to != address(vault));
        amount = bound(amount, 1, type(uint96).max);
        newFee = bound(newFee, 0, 1e30);
        fund(user, 1 ether);
        recharge(user, 1 ether);
        vm.prank(owner);
        vault.setFee(newFee);
        vm.deal(user, 2 * newFee);
        vm.startPrank(user);
        vm.expectEmit(true, true, false, true, address(vault));
        emit WithdrawRequested(1, user, amount, newFee);
        vault.requestWithdraw{value: newFee}(amount);
        vm.expectEmit(true, true, false, true, address(vault));
        emit TransferRequested(user, to, amount, newFee);
        vault.requestTransfer{value: newFee}(to, amount);
        vm.stopPrank();
        vm.assertEq(address(vault).balance, FEE + 2 * newFee);
        vm.assertEq(user.balance, 0);
        vm.assertEq(wld.balanceOf(address(vault)), 1 ether);
    }

    function testFuzz_requests_take_the_fee_and_refund_what_was_sent_above_it(uint256 newFee, uint256 sent) public {
        newFee = bound(newFee, 0, 1e30);
        sent = bound(sent, 0, 1e30);
        vm.prank(owner);
        vault.setFee(newFee);
        vm.deal(user, 2 * sent);
        vm.startPrank(user);
        if (sent < newFee) vm.expectRevert(abi.encodeWithSelector(Vault.WrongFee.selector, newFee, sent));
        vault.requestWithdraw{value: sent}(1);
        if (sent < newFee) vm.expectRevert(abi.encodeWithSelector(Vault.WrongFee.selector, newFee, sent));
        vault.requestTransfer{value: sent}(stranger, 1);
        vm.stopPrank();
        vm.assertEq(address(vault).balance, sent >= newFee ? 2 * newFee : 0);
        vm.assertEq(user.balance, sent >= newFee ? 2 * (sent - newFee) : 2 * sent);
    }

    function test_requestWithdraw_refuses_more_than_a_uint96() public {
        vm.deal(user, 1 ether);
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(Vault.AmountTooLarge.selector, uint256(type(uint96).max) + 1, type(uint96).max));
        vault.requestWithdraw{value: FEE}(uint256(type(uint96).max) + 1);
    }

    function testFuzz_any_nonzero_address_but_the_vault_can_be_a_receiver(address r) public {
        vm.assume(r != address(0) && r != address(vault));
        vm.prank(owner);
        vault.addReceiver(r);
        vm.assertEq(vault.receiverAt(0), r);
        vm.assertTrue(vault.isReceiver(r));
    }
}
