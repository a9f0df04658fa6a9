// End-to-end suite: headless Chromium against the production builds served on
// loopback, with both services and the Firebase emulators (npm test runs it
// inside firebase emulators:exec).
import { moduleNameMapper, transform } from '../jest.config.mjs';

export default {
  displayName: 'e2e',
  rootDir: '.',
  testMatch: ['<rootDir>/tests/**/*.e2e.test.ts'],
  testEnvironment: 'node',
  transform,
  moduleNameMapper,
  globalSetup: '<rootDir>/stack/globalSetup.mjs',
  globalTeardown: '<rootDir>/stack/globalTeardown.mjs',
  maxWorkers: 1, // one stack, one browser at a time on a 2-core machine
  testTimeout: 90_000,
};
