// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Vault} from "../src/Vault.sol";
import {VaultFixture} from "./VaultFixture.sol";

/// @dev A payout carries its approval: approvers' EIP-712 signatures of (request id, requester, amount) for this
/// Vault on this chain, one at or below the threshold, two distinct ones above it. Each refusal, and the attack
/// of a leaked operator key that requests a withdrawal from its own address and pays it.
contract VaultApprovalsTest is VaultFixture {
    event ApproverSet(address indexed approver, bool enabled);
    event ApprovalThresholdChanged(uint256 oldThreshold, uint256 newThreshold);
    event PaidOut(uint256 indexed requestId, address indexed to, uint256 amount, address indexed operator);

    uint256 internal constant SMALL = 4 ether; // at or below THRESHOLD: one approver
    uint256 internal constant LARGE = 40 ether; // above it: two

    function setUp() public override {
        super.setUp();
        fund(user, 1000 ether);
        recharge(user, 1000 ether);
    }

    function sign(uint256[] memory keys, uint256 id, address requester, uint256 amount) internal view returns (bytes[] memory) {
        return signedBy(keys, address(vault), id, requester, amount);
    }

    function test_one_approver_pays_at_or_below_the_threshold_two_above() public {
        uint256 small = request(user, THRESHOLD);
        vm.prank(operator);
        vm.expectEmit(true, true, true, true, address(vault));
        emit PaidOut(small, user, THRESHOLD, operator);
        vault.payout(small, THRESHOLD, sign(one(APPROVER_B), small, user, THRESHOLD));
        uint256 large = request(user, LARGE);
        vm.prank(operator);
        vault.payout(large, LARGE, sign(ascending(APPROVER_A, APPROVER_B), large, user, LARGE));
        vm.assertEq(wld.balanceOf(user), THRESHOLD + LARGE);
    }

    function test_no_approval_is_refused() public {
        uint256 id = request(user, SMALL);
        vm.prank(operator);
        vm.expectRevert(abi.encodeWithSelector(Vault.TooFewApprovals.selector, 0, 1));
        vault.payout(id, SMALL, new bytes[](0));
        vm.assertFalse(vault.requestPaid(id));
    }

    /// The issue's attack: the hot key requests 40,000 WLD from its own address (it needs no in-app balance) and
    /// pays it. Without approvers' signatures the Vault refuses; signed by the operator key itself, too.
    function test_a_leaked_operator_key_requesting_for_itself_cannot_pay_itself() public {
        fund(operator, 0);
        uint256 id = request(operator, 40_000 ether);
        vm.prank(owner);
        wld.mint(address(vault), 40_000 ether);
        vm.startPrank(operator);
        vm.expectRevert(abi.encodeWithSelector(Vault.TooFewApprovals.selector, 0, 2));
        vault.payout(id, 40_000 ether, new bytes[](0));
        bytes[] memory own = sign(ascending(4, 4), id, operator, 40_000 ether); // the operator's key, vm.addr(4)
        vm.expectRevert(abi.encodeWithSelector(Vault.NotApprover.selector, operator));
        vault.payout(id, 40_000 ether, own);
        vm.stopPrank();
        vm.assertEq(wld.balanceOf(operator), 0);
        vm.assertFalse(vault.requestPaid(id));
    }

    function test_an_approval_of_another_request_is_refused() public {
        uint256 id = request(user, SMALL);
        uint256 other = request(user, SMALL);
        bytes[] memory sigs = sign(one(APPROVER_A), other, user, SMALL);
        vm.prank(operator);
        vm.expectPartialRevert(Vault.NotApprover.selector);
        vault.payout(id, SMALL, sigs);
        vm.assertFalse(vault.requestPaid(id));
    }

    function test_an_approval_of_another_amount_is_refused() public {
        uint256 id = request(user, SMALL);
        bytes[] memory sigs = sign(one(APPROVER_A), id, user, SMALL - 1);
        vm.prank(operator);
        vm.expectPartialRevert(Vault.NotApprover.selector);
        vault.payout(id, SMALL, sigs);
        vm.assertFalse(vault.requestPaid(id));
    }

    function test_an_approval_naming_another_requester_is_refused() public {
        uint256 id = request(user, SMALL);
        bytes[] memory sigs = sign(one(APPROVER_A), id, stranger, SMALL);
        vm.prank(operator);
        vm.expectPartialRevert(Vault.NotApprover.selector);
        vault.payout(id, SMALL, sigs);
        vm.assertFalse(vault.requestPaid(id));
    }

    function test_a_removed_approvers_signature_no_longer_counts() public {
        uint256 id = request(user, SMALL);
        bytes[] memory sigs = sign(one(APPROVER_A), id, user, SMALL);
        vm.prank(owner);
        vault.setApprover(vm.addr(APPROVER_A), false);
        vm.prank(operator);
        vm.expectRevert(abi.encodeWithSelector(Vault.NotApprover.selector, vm.addr(APPROVER_A)));
        vault.payout(id, SMALL, sigs);
        vm.assertFalse(vault.requestPaid(id));
    }

    function test_a_non_approver_signer_is_refused() public {
        uint256 id = request(user, SMALL);
        vm.prank(operator);
        vm.expectRevert(abi.encodeWithSelector(Vault.NotApprover.selector, stranger));
        vault.payout(id, SMALL, sign(one(3), id, user, SMALL)); // vm.addr(3): the stranger
    }

    function test_one_approver_twice_where_two_are_needed_is_refused() public {
        uint256 id = request(user, LARGE);
        uint256[] memory twice = new uint256[](2);
        (twice[0], twice[1]) = (APPROVER_A, APPROVER_A);
        vm.startPrank(operator);
        vm.expectRevert(abi.encodeWithSelector(Vault.SignersNotAscending.selector, vm.addr(APPROVER_A), vm.addr(APPROVER_A)));
        vault.payout(id, LARGE, sign(twice, id, user, LARGE));
        vm.expectRevert(abi.encodeWithSelector(Vault.TooFewApprovals.selector, 1, 2));
        vault.payout(id, LARGE, sign(one(APPROVER_A), id, user, LARGE));
        vm.stopPrank();
        vm.assertFalse(vault.requestPaid(id));
    }

    function test_signers_out_of_order_are_refused() public {
        uint256 id = request(user, LARGE);
        uint256[] memory keys = ascending(APPROVER_A, APPROVER_B);
        (keys[0], keys[1]) = (keys[1], keys[0]);
        vm.prank(operator);
        vm.expectPartialRevert(Vault.SignersNotAscending.selector);
        vault.payout(id, LARGE, sign(keys, id, user, LARGE));
    }

    function test_a_malformed_signature_is_refused() public {
        uint256 id = request(user, SMALL);
        bytes[] memory sigs = new bytes[](1);
        sigs[0] = hex"1234";
        vm.prank(operator);
        vm.expectRevert(abi.encodeWithSelector(Vault.InvalidSignature.selector, 0));
        vault.payout(id, SMALL, sigs);
    }

    function test_a_paid_approval_cannot_be_replayed() public {
        uint256 id = request(user, SMALL);
        bytes[] memory sigs = sign(one(APPROVER_A), id, user, SMALL);
        vm.startPrank(operator);
        vault.payout(id, SMALL, sigs);
        vm.expectRevert(abi.encodeWithSelector(Vault.AlreadyPaid.selector, id));
        vault.payout(id, SMALL, sigs);
        vm.stopPrank();
        vm.assertEq(wld.balanceOf(user), SMALL);
    }

    function test_an_approval_for_another_vault_or_chain_is_refused() public {
        uint256 id = request(user, SMALL);
        Vault twin = new Vault(owner, wld, FEE, NO_CAP, NO_CAP);
        bytes[] memory forTwin = signedBy(one(APPROVER_A), address(twin), id, user, SMALL);
        bytes[] memory elsewhere = new bytes[](1);
        elsewhere[0] = signature(APPROVER_A, payoutDigest(address(vault), block.chainid + 1, id, user, SMALL));
        vm.startPrank(operator);
        vm.expectPartialRevert(Vault.NotApprover.selector);
        vault.payout(id, SMALL, forTwin);
        vm.expectPartialRevert(Vault.NotApprover.selector);
        vault.payout(id, SMALL, elsewhere);
        vm.stopPrank();
        // The same signature on a fork with another chain id: the Vault's domain follows block.chainid.
        bytes[] memory here = sign(one(APPROVER_A), id, user, SMALL);
        vm.chainId(block.chainid + 7);
        vm.prank(operator);
        vm.expectPartialRevert(Vault.NotApprover.selector);
        vault.payout(id, SMALL, here);
        vm.assertFalse(vault.requestPaid(id));
    }

    function test_the_digest_is_the_eip712_one_the_approvers_sign() public view {
        vm.assertEq(vault.payoutDigest(7, user, SMALL), payoutDigest(address(vault), block.chainid, 7, user, SMALL));
    }

    function test_the_owner_keeps_the_approvers_and_the_threshold() public {
        address extra = vm.addr(7);
        vm.startPrank(owner);
        vm.expectEmit(true, true, true, true, address(vault));
        emit ApproverSet(extra, true);
        vault.setApprover(extra, true);
        vault.setApprover(extra, true); // naming twice keeps one entry
        vm.assertEq(vault.approvers().length, 3);
        vm.assertTrue(vault.isApprover(extra));
        vault.setApprover(vm.addr(APPROVER_A), false);
        address[] memory left = vault.approvers();
        vm.assertEq(left.length, 2);
        vm.assertFalse(vault.isApprover(vm.addr(APPROVER_A)));
        vm.expectRevert(abi.encodeWithSelector(Vault.InvalidAddress.selector));
        vault.setApprover(address(0), true);
        vm.expectEmit(true, true, true, true, address(vault));
        emit ApprovalThresholdChanged(THRESHOLD, 1 ether);
        vault.setApprovalThreshold(1 ether);
        vm.stopPrank();
        vm.assertEq(vault.approvalsRequired(1 ether), 1);
        vm.assertEq(vault.approvalsRequired(1 ether + 1), 2);
        bytes memory notOwner = abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, operator);
        vm.startPrank(operator);
        vm.expectRevert(notOwner);
        vault.setApprover(operator, true);
        vm.expectRevert(notOwner);
        vault.setApprovalThreshold(type(uint256).max);
        vm.stopPrank();
    }

    function test_a_new_vault_asks_two_approvers_for_every_payout() public {
        Vault fresh = new Vault(owner, wld, FEE, NO_CAP, NO_CAP);
        vm.assertEq(fresh.approvalThreshold(), 0);
        vm.assertEq(fresh.approvalsRequired(1), 2);
    }
}
