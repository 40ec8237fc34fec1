// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TestBase} from "./lib/TestBase.sol";
import {Vault} from "../src/Vault.sol";
import {WLDToken} from "../src/WLDToken.sol";

/// @dev Random recharges, payouts and sweeps by the right callers, with bounded inputs.
contract VaultHandler is TestBase {
    Vault internal vault;
    WLDToken internal wld;
    address internal owner;
    uint256 public nextWithdrawal = 1;
    /// @dev Ghost totals, kept independently of the Vault's own counters.
    uint256 public deposited;
    uint256 public paidOut;
    uint256 public swept;

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
    }

    function payout(uint256 to, uint256 amount) external {
        uint256 held = wld.balanceOf(address(vault));
        if (held == 0) return;
        amount = bound(amount, 1, held);
        vm.prank(owner);
        vault.payout(nextWithdrawal++, vm.addr(bound(to, 200, 204)), amount);
        paidOut += amount;
    }

    function sweep(uint256 amount) external {
        uint256 held = wld.balanceOf(address(vault));
        if (held == 0) return;
        if (vault.receiverCount() == 0) {
            vm.prank(owner);
            vault.addReceiver(vm.addr(300));
        }
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
        vault = new Vault(owner, wld, 0.001 ether);
        handler = new VaultHandler(vault, wld, owner);
    }

    /// @dev Tells forge's invariant runner to call only the handler.
    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    function invariant_balance_is_deposits_minus_payouts_minus_sweeps() public view {
        vm.assertEq(wld.balanceOf(address(vault)), handler.deposited() - handler.paidOut() - handler.swept());
        vm.assertEq(vault.totalDeposited(), handler.deposited());
        vm.assertEq(vault.totalPaidOut() + vault.totalSwept(), handler.paidOut() + handler.swept());
    }
}
