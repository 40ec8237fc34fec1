// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Vault} from "../src/Vault.sol";
import {VaultFixture} from "./VaultFixture.sol";
import {RefusesEth, ReturnsFalseToken, ReturnsNothingToken, ReturnsTwoToken, RevertingToken} from "./mocks/OddTokens.sol";

/// @dev What a leaked operator key (or a former owner's) can and cannot do, and the Vault's smaller guarantees
/// (listable operators, no renouncing, receivers by address, never its own party, a lowered fee).
contract VaultTrustTest is VaultFixture {
    event PaidOut(uint256 indexed requestId, address indexed to, uint256 amount, address indexed operator);

    function setUp() public override {
        super.setUp();
        fund(user, 1000 ether);
        recharge(user, 1000 ether);
    }

    // A payout is bound to the on-chain request it pays.

    function test_a_payout_goes_to_the_requester_only_at_most_the_amount_requested_and_once() public {
        uint256 id = request(user, 30 ether);
        vm.startPrank(operator);
        vm.expectRevert(abi.encodeWithSelector(Vault.AboveRequested.selector, 30 ether + 1, 30 ether));
        vault.payout(id, 30 ether + 1, approved(id, 30 ether + 1));
        vm.expectEmit(true, true, true, true, address(vault));
        emit PaidOut(id, user, 30 ether, operator);
        vault.payout(id, 30 ether, approved(id, 30 ether));
        vm.expectRevert(abi.encodeWithSelector(Vault.AlreadyPaid.selector, id));
        vault.payout(id, 1, approved(id, 1));
        vm.stopPrank();
        vm.assertEq(wld.balanceOf(user), 30 ether);
        (address requester, uint256 owed) = vault.withdrawRequest(id);
        vm.assertEq(requester, user);
        vm.assertEq(owed, 0);
    }

    /// The review's attack: mark future ids paid with 1 wei to oneself. Ids not yet requested do not exist, and a
    /// request by the operator itself pays only what it asked for, through the ledger's checks on the server.
    function test_a_leaked_operator_key_cannot_pay_itself_nor_claim_future_ids() public {
        uint256 next = vault.nextRequestId();
        vm.startPrank(operator);
        for (uint256 id = next; id < next + 5; ++id) {
            vm.expectRevert(abi.encodeWithSelector(Vault.UnknownRequest.selector, id));
            vault.payout(id, 1, approved(id, 1));
        }
        vm.stopPrank();
        uint256 members = request(user, 10 ether);
        vm.assertEq(members, next);
        // With approvers' signatures of a smaller amount the member's request is underpaid, to the member: the
        // server flags that (VaultApprovals.t.sol: without them the operator pays nothing).
        vm.prank(operator);
        vault.payout(members, 1, approved(members, 1));
        vm.assertEq(wld.balanceOf(operator), 0);
        vm.assertEq(wld.balanceOf(user), 1);
    }

    function test_request_ids_are_sequential_from_one_per_vault() public {
        vm.assertEq(request(user, 1), 1);
        vm.assertEq(request(stranger, 2), 2);
        vm.assertEq(request(user, 3), 3);
        vm.assertEq(vault.nextRequestId(), 4);
        (address requester, uint256 owed) = vault.withdrawRequest(2);
        vm.assertEq(requester, stranger);
        vm.assertEq(owed, 2);
        (requester, owed) = vault.withdrawRequest(4);
        vm.assertEq(requester, address(0));
        vm.assertFalse(vault.requestPaid(4));
    }

    // Operator-key abuse.

    function test_a_revoked_operator_can_no_longer_pay() public {
        uint256 id = request(user, 5 ether);
        vm.prank(owner);
        vault.setOperator(operator, false);
        vm.prank(operator);
        vm.expectRevert(abi.encodeWithSelector(Vault.NotOperator.selector, operator));
        vault.payout(id, 5 ether, approved(id, 5 ether));
        vm.assertFalse(vault.requestPaid(id));
    }

    function test_an_operator_cannot_call_any_owner_function() public {
        bytes memory notOwner = abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, operator);
        vm.startPrank(operator);
        vm.expectRevert(notOwner);
        vault.setOperator(stranger, true);
        vm.expectRevert(notOwner);
        vault.setFee(0);
        vm.expectRevert(notOwner);
        vault.setPayoutCaps(type(uint128).max, type(uint128).max);
        vm.expectRevert(notOwner);
        vault.unpause();
        vm.expectRevert(notOwner);
        vault.addReceiver(operator);
        vm.expectRevert(notOwner);
        vault.removeReceiver(operator);
        vm.expectRevert(notOwner);
        vault.sweepTokens(operator, 1);
        vm.expectRevert(notOwner);
        vault.sweepFees(operator);
        vm.expectRevert(notOwner);
        vault.transferOwnership(operator);
        vm.expectRevert(notOwner);
        vault.renounceOwnership();
        vm.stopPrank();
    }

    function test_a_former_owner_has_no_rights_after_the_transfer() public {
        uint256 id = request(user, 5 ether);
        vm.prank(owner);
        vault.transferOwnership(stranger);
        vm.prank(stranger);
        vault.acceptOwnership();
        bytes memory notOwner = abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, owner);
        vm.startPrank(owner);
        vm.expectRevert(abi.encodeWithSelector(Vault.NotOperator.selector, owner));
        vault.payout(id, 5 ether, approved(id, 5 ether));
        vm.expectRevert(notOwner);
        vault.setOperator(owner, true);
        vm.expectRevert(notOwner);
        vault.addReceiver(owner);
        vm.expectRevert(notOwner);
        vault.pause();
        vm.stopPrank();
    }

    // Operators are listable, so that a new owner can review and revoke them.

    function test_operators_are_listed_and_survive_an_ownership_change_until_revoked() public {
        address second = vm.addr(44);
        vm.prank(owner);
        vault.setOperator(second, true);
        address[] memory list = vault.operators();
        vm.assertEq(list.length, 2);
        vm.assertEq(list[0], operator);
        vm.assertEq(list[1], second);
        vm.prank(owner);
        vault.transferOwnership(stranger);
        vm.prank(stranger);
        vault.acceptOwnership();
        vm.assertEq(vault.operators().length, 2);
        vm.startPrank(stranger);
        vault.setOperator(operator, false);
        vault.setOperator(operator, false);
        vm.stopPrank();
        list = vault.operators();
        vm.assertEq(list.length, 1);
        vm.assertEq(list[0], second);
        vm.assertFalse(vault.isOperator(operator));
        vm.assertTrue(vault.isOperator(second));
    }

    // Ownership cannot be renounced.

    function test_renounceOwnership_is_disabled_even_for_the_owner() public {
        vm.prank(owner);
        vault.pause();
        vm.prank(owner);
        vm.expectRevert(Vault.RenounceDisabled.selector);
        vault.renounceOwnership();
        vm.assertEq(vault.owner(), owner);
        vm.prank(owner);
        vault.unpause();
    }

    // Receivers by address: removing one never shifts a sweep to another.

    function test_a_sweep_names_its_receiver_so_a_removal_cannot_redirect_it() public {
        address a = vm.addr(11);
        address b = vm.addr(12);
        vm.startPrank(owner);
        vault.addReceiver(a);
        vault.addReceiver(b);
        vault.removeReceiver(a);
        // With indexes, "sweep to 1" (b) went stale: now it names b by address and b gets it.
        vault.sweepTokens(b, 5 ether);
        vm.expectRevert(abi.encodeWithSelector(Vault.NotReceiver.selector, a));
        vault.sweepTokens(a, 5 ether);
        vm.stopPrank();
        vm.assertEq(wld.balanceOf(b), 5 ether);
        vm.assertEq(wld.balanceOf(a), 0);
    }

    // The Vault is never its own receiver, operator or transfer target.

    function test_the_vault_is_refused_as_receiver_operator_and_transfer_target() public {
        vm.startPrank(owner);
        vm.expectRevert(Vault.InvalidAddress.selector);
        vault.addReceiver(address(vault));
        vm.expectRevert(Vault.InvalidAddress.selector);
        vault.setOperator(address(vault), true);
        vm.stopPrank();
        vm.prank(user);
        vm.expectRevert(Vault.InvalidAddress.selector);
        vault.requestTransfer{value: FEE}(address(vault), 1 ether);
    }

    // A request signed at the fee shown still goes through after the owner lowers the fee.

    function test_a_request_sent_at_the_old_fee_after_the_owner_lowered_it_succeeds_and_gets_the_difference_back() public {
        vm.startPrank(owner);
        wld.mint(user, 1 ether);
        vault.setFee(FEE / 4);
        vm.stopPrank();
        uint256 ethBefore = user.balance;
        uint256 held = address(vault).balance;
        vm.startPrank(user);
        vault.requestWithdraw{value: FEE}(1 ether);
        vault.requestTransfer{value: FEE}(stranger, 1 ether);
        vault.recharge{value: FEE}(1 ether);
        vm.stopPrank();
        // Each paid the new, lower fee; the rest came back.
        vm.assertEq(address(vault).balance - held, 3 * (FEE / 4));
        vm.assertEq(ethBefore - user.balance, 3 * (FEE / 4));
        (, uint256 owed) = vault.withdrawRequest(1);
        vm.assertEq(owed, 1 ether);
    }

    function test_a_request_below_a_raised_fee_is_refused_with_both_fees() public {
        vm.prank(owner);
        vault.setFee(2 * FEE);
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(Vault.WrongFee.selector, 2 * FEE, FEE));
        vault.requestWithdraw{value: FEE}(1 ether);
    }

    function test_a_caller_that_refuses_the_refund_is_refused() public {
        RefusesEth wallet = new RefusesEth();
        vm.deal(address(wallet), 1 ether);
        (bool ok, bytes memory out) = wallet.forward(address(vault), FEE + 1, abi.encodeCall(Vault.requestWithdraw, (1 ether)));
        vm.assertFalse(ok);
        vm.assertEq(keccak256(out), keccak256(abi.encodeWithSelector(Vault.EthTransferFailed.selector)));
        (ok,) = wallet.forward(address(vault), FEE, abi.encodeCall(Vault.requestWithdraw, (1 ether)));
        vm.assertTrue(ok);
    }

    // recharge's inlined SafeERC20 check (assembly): each way a token can answer transferFrom.

    function oddVault(address token) private returns (Vault) {
        return new Vault(owner, IERC20(token), FEE, NO_CAP, NO_CAP);
    }

    function test_recharge_refuses_a_token_that_returns_false() public {
        ReturnsFalseToken token = new ReturnsFalseToken();
        Vault v = oddVault(address(token));
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSignature("SafeERC20FailedOperation(address)", address(token)));
        v.recharge{value: FEE}(1 ether);
    }

    function test_recharge_refuses_a_token_that_returns_a_word_other_than_true() public {
        ReturnsTwoToken token = new ReturnsTwoToken();
        Vault v = oddVault(address(token));
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSignature("SafeERC20FailedOperation(address)", address(token)));
        v.recharge{value: FEE}(1 ether);
    }

    function test_recharge_accepts_a_token_that_returns_nothing() public {
        ReturnsNothingToken token = new ReturnsNothingToken();
        Vault v = oddVault(address(token));
        vm.prank(user);
        v.recharge{value: FEE}(3 ether);
        vm.assertEq(token.moved(), 3 ether);
        vm.assertEq(address(v).balance, FEE);
    }

    function test_recharge_refuses_a_token_address_without_code() public {
        address empty = vm.addr(77);
        Vault v = oddVault(empty);
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSignature("SafeERC20FailedOperation(address)", empty));
        v.recharge{value: FEE}(1 ether);
    }

    function test_recharge_bubbles_the_tokens_own_revert() public {
        RevertingToken token = new RevertingToken();
        Vault v = oddVault(address(token));
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(RevertingToken.TokenSaysNo.selector, 7));
        v.recharge{value: FEE}(1 ether);
    }

    /// The assembly borrows the free-memory pointer and the zero slot; both must be restored for the event.
    function test_recharge_leaves_memory_sound_for_the_event_after_the_assembly() public {
        fund(user, 7 ether);
        vm.expectEmit(false, false, false, true, address(vault));
        emit Recharged(user, 7 ether, FEE);
        recharge(user, 7 ether);
    }

    event Recharged(address user, uint256 amount, uint256 fee);
}
