// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TestBase} from "./lib/TestBase.sol";
import {Vault} from "../src/Vault.sol";
import {WLDToken} from "../src/WLDToken.sol";

abstract contract VaultFixture is TestBase {
    uint256 internal constant FEE = 0.001 ether;
    /// @dev Caps far above any amount these tests pay; the cap tests set their own.
    uint128 internal constant NO_CAP = type(uint128).max;
    address internal owner = vm.addr(1);
    address internal user = vm.addr(2);
    address internal stranger = vm.addr(3);
    address internal operator = vm.addr(4);
    WLDToken internal wld;
    Vault internal vault;

    function setUp() public virtual {
        wld = new WLDToken(owner);
        vault = new Vault(owner, wld, FEE, NO_CAP, NO_CAP);
        vm.prank(owner);
        vault.setOperator(operator, true);
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
    }
}
