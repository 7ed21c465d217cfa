/** Backend tests: ESM, TypeScript through swc (decorator metadata for Nest DI). */
export default {
  // Node's environment, printing a test's server log only when it fails.
  testEnvironment: '<rootDir>/test/support/quiet-environment.mjs',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  setupFilesAfterEnv: ['<rootDir>/test/support/jest-setup.ts'],
  testMatch: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^@chapterwise/shared$': '<rootDir>/../shared/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          target: 'es2023',
          // The study kit's word lists are JSON data files imported with { type: 'json' }.
          experimental: { keepImportAttributes: true },
        },
        module: { type: 'es6' },
      },
    ],
  },
  testTimeout: 30000,
  maxWorkers: 2,
  // A worker exits once its event loop is empty; on Node 24 with the swc binding loaded that takes longer than
  // Jest's default 500 ms even after two empty tests (measured: no handle left open), which Jest reported as a
  // leak and force-exited. A real leak still shows: it keeps the worker past this too.
  workerGracefulExitTimeout: 5000,
};
