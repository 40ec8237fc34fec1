import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: [
      'app/**/*.test.ts',
      'lib/**/*.test.ts',
      'stack/**/*.test.ts',
      'shell/**/*.test.ts',
      'components/**/*.test.ts',
      'screens/**/*.test.ts',
      'abi/**/*.test.ts',
      'console/**/*.test.ts',
    ],
    environment: 'node',
  },
});
