// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @dev Tokens that answer transferFrom in the ways recharge's inlined SafeERC20 check must tell apart.
/// Each records nothing: only what transferFrom returns (or how it fails) matters.
contract ReturnsFalseToken {
    function transferFrom(address, address, uint256) external pure returns (bool) {
        return false;
    }
}

/// @dev USDT-style: transferFrom returns nothing at all; a success for SafeERC20 when the token has code.
contract ReturnsNothingToken {
    uint256 public moved;

    function transferFrom(address, address, uint256 amount) external {
        moved += amount;
    }
}

/// @dev Returns a 32-byte word other than 1: not a `true`.
contract ReturnsTwoToken {
    function transferFrom(address, address, uint256) external pure returns (uint256) {
        return 2;
    }
}

/// @dev Reverts with its own error, which recharge must bubble unchanged.
contract RevertingToken {
    error TokenSaysNo(uint256 code);

    function transferFrom(address, address, uint256) external pure returns (bool) {
        revert TokenSaysNo(7);
    }
}

/// @dev Refuses any ETH sent to it: a caller that cannot take a refund back.
contract RefusesEth {
    receive() external payable {
        revert("no ETH");
    }

    function forward(address target, uint256 value, bytes calldata data) external returns (bool ok, bytes memory out) {
        (ok, out) = target.call{value: value}(data);
    }
}
