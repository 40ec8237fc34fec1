// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @dev The few forge cheatcodes these tests use. forge-std is not on npm in a current version (its npm
/// copy is from 2022 and lacks ds-test), so the tests talk to the cheatcode address directly.
interface Vm {
    function prank(address) external;
    function startPrank(address) external;
    function stopPrank() external;
    function deal(address, uint256) external;
    function expectRevert(bytes calldata) external;
    function expectRevert(bytes4) external;
    function expectEmit(bool, bool, bool, bool, address) external;
    function expectEmit(bool, bool, bool, bool) external;
    function assume(bool) external;
    function assertEq(uint256, uint256) external pure;
    function assertEq(address, address) external pure;
    function assertEq(bytes32, bytes32) external pure;
    function assertEq(bool, bool) external pure;
    function assertEq(string calldata, string calldata) external pure;
    function assertTrue(bool) external pure;
    function assertFalse(bool) external pure;
    function addr(uint256) external pure returns (address);
    function warp(uint256) external;
    function record() external;
    function accesses(address) external returns (bytes32[] memory reads, bytes32[] memory writes);
    function sign(uint256 privateKey, bytes32 digest) external pure returns (uint8 v, bytes32 r, bytes32 s);
    function chainId(uint256) external;
    function expectPartialRevert(bytes4) external;
}

abstract contract TestBase {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    /// @dev Maps any fuzzed x into [min, max].
    function bound(uint256 x, uint256 min, uint256 max) internal pure returns (uint256) {
        require(min <= max, "bound: min > max");
        if (x >= min && x <= max) return x;
        return min + (x % (max - min + 1));
    }
}
