// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {TestBase} from "./lib/TestBase.sol";
import {WLDToken} from "../src/WLDToken.sol";

contract WLDTokenTest is TestBase {
    address internal owner = vm.addr(1);
    WLDToken internal wld;

    function setUp() public {
        wld = new WLDToken(owner);
    }

    function test_is_WLD_with_18_decimals() public view {
        vm.assertEq(wld.symbol(), "WLD");
        vm.assertEq(wld.decimals(), 18);
    }

    function testFuzz_owner_mints(address to, uint256 amount) public {
        vm.assume(to != address(0));
        vm.prank(owner);
        wld.mint(to, amount);
        vm.assertEq(wld.balanceOf(to), amount);
    }

    function test_only_owner_mints() public {
        vm.prank(vm.addr(2));
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, vm.addr(2)));
        wld.mint(vm.addr(2), 1);
    }
}
