import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'main/**/*.test.ts', 'tests/**/*.test.ts', 'renderer/**/*.test.tsx', 'renderer/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
