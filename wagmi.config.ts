import { defineConfig } from '@wagmi/cli';
import { foundry } from '@wagmi/cli/plugins';

// `npm run abi` builds the contracts first (forge must run inside contracts/ to find its solc wrapper).
export default defineConfig({
  out: 'abi/generated.ts',
  plugins: [
    foundry({
      project: 'contracts',
      include: ['WLDToken.sol/**', 'Vault.sol/**'],
      forge: { build: false, rebuild: false },
    }),
  ],
});
