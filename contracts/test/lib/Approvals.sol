// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TestBase} from "./TestBase.sol";

/// @dev Approvers' EIP-712 signatures of a payout, computed here from the Vault's address and the chain id
/// (no call into the Vault, so a pending `vm.prank` stays for the payout itself).
abstract contract Approvals is TestBase {
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant PAYOUT_TYPEHASH = keccak256("Payout(uint256 requestId,address requester,uint256 amount)");

    function payoutDigest(address vault_, uint256 chainId_, uint256 requestId, address requester, uint256 amount) internal pure returns (bytes32) {
        bytes32 domain = keccak256(abi.encode(DOMAIN_TYPEHASH, keccak256("Vault"), keccak256("1"), chainId_, vault_));
        bytes32 structHash = keccak256(abi.encode(PAYOUT_TYPEHASH, requestId, requester, amount));
        return keccak256(abi.encodePacked("\x19\x01", domain, structHash));
    }

    function signature(uint256 key, bytes32 digest) internal pure returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, digest);
        return abi.encodePacked(r, s, v);
    }

    /// @dev The signatures of `keys` (in the order given) of one payout on `vault_` on this chain.
    function signedBy(uint256[] memory keys, address vault_, uint256 requestId, address requester, uint256 amount) internal view returns (bytes[] memory sigs) {
        bytes32 digest = payoutDigest(vault_, block.chainid, requestId, requester, amount);
        sigs = new bytes[](keys.length);
        for (uint256 i = 0; i < keys.length; ++i) sigs[i] = signature(keys[i], digest);
    }

    /// @dev Two keys, ordered by their address ascending (the order the Vault requires).
    function ascending(uint256 a, uint256 b) internal pure returns (uint256[] memory keys) {
        keys = new uint256[](2);
        (keys[0], keys[1]) = vm.addr(a) < vm.addr(b) ? (a, b) : (b, a);
    }

    function one(uint256 a) internal pure returns (uint256[] memory keys) {
        keys = new uint256[](1);
        keys[0] = a;
    }
}
