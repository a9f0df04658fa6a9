import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom has no TextEncoder/TextDecoder; React Router 7 uses them when it loads.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// findBy*/waitFor wait up to 5 s instead of 1 s: the first render of a lazy page on a busy 2-core CI
// machine can take longer than a second; a test that waits for something that never comes still fails.
configure({ asyncUtilTimeout: 5000 });
