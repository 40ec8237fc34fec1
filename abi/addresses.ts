import type { Address } from 'viem';

/**
 * Local anvil addresses. Deploying from anvil's first account at nonces 0 and 1 always yields these, so the
 * local build works against any fresh `npm run chain`; stack/deploy.ts checks they match.
 */
export const LOCAL_DEPLOYER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const LOCAL_TOKEN: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const LOCAL_VAULT: Address = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
