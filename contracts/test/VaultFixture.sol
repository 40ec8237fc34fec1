// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Approvals} from "./lib/Approvals.sol";
import {Vault} from "../src/Vault.sol";
import {WLDToken} from "../src/WLDToken.sol";

abstract contract VaultFixture is Approvals {
    uint256 internal constant FEE = 0.001 ether;
    /// @dev Caps far above any amount these tests pay; the cap tests set their own.
    uint128 internal constant NO_CAP = type(uint128).max;
    address internal owner = vm.addr(1);
    address internal user = vm.addr(2);
    address internal stranger = vm.addr(3);
    address internal operator = vm.addr(4);
    /// @dev The approvers' private keys (their addresses: vm.addr), named by the owner in setUp.
    uint256 internal constant APPROVER_A = 5;
    uint256 internal constant APPROVER_B = 6;
    /// @dev Above it two approvers sign; the cap and trust tests pay below and above it.
    uint256 internal constant THRESHOLD = 10 ether;
    WLDToken internal wld;
    Vault internal vault;
    /// @dev Each request's requester, as `request` made it (what the approvers sign).
    mapping(uint256 => address) internal requesterOf;

    function setUp() public virtual {
        wld = new WLDToken(owner);
        vault = new Vault(owner, wld, FEE, NO_CAP, NO_CAP);
        vm.prank(owner);
        vault.setOperator(operator, true);
        vm.startPrank(owner);
        vault.setApprover(vm.addr(APPROVER_A), true);
        vault.setApprover(vm.addr(APPROVER_B), true);
        vault.setApprovalThreshold(THRESHOLD);
        vm.stopPrank();
    }

    /// @dev Both approvers' signatures of paying `amount` on request `id` (enough at any amount).
    function approved(uint256 id, uint256 amount) internal view returns (bytes[] memory) {
        return signedBy(ascending(APPROVER_A, APPROVER_B), address(vault), id, requesterOf[id], amount);
    }

    function fund(address who, uint256 amount) internal {
        vm.prank(owner);
        wld.mint(who, amount);
        vm.deal(who, 10 ether);
        vm.prank(who);
        wld.approve(address(vault), type(uint256).max);
    }

    function recharge(address who, uint256 amount) internal {
        vm.prank(who);
        vault.recharge{value: FEE}(amount);
    }

    /// @dev A withdraw request by `who` at the current fee; returns its on-chain id.
    function request(address who, uint256 amount) internal returns (uint256 id) {
        uint256 fee = vault.fee();
        id = vault.nextRequestId();
        vm.deal(who, who.balance + fee);
        vm.prank(who);
        vault.requestWithdraw{value: fee}(amount);
        requesterOf[id] = who;
    }
}
