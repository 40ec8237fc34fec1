// ABIs are generated from the Foundry build by @wagmi/cli (`npm run abi`); abi/generated.ts is never edited by hand.
export { vaultAbi, wldTokenAbi } from './generated';
export { LOCAL_DEPLOYER, LOCAL_TOKEN, LOCAL_VAULT } from './addresses';
