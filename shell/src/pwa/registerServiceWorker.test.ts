type Listener = () => void;
const instances: FakeWorkbox[] = [];
let nextRegisterError: Error | null = null;
class FakeWorkbox {
  listeners = new Map<string, Listener[]>();
  messageSkipWaiting = jest.fn();
  register = jest.fn(async () => {
    const error = nextRegisterError;
    nextRegisterError = null;
    if (error) throw error;
    return undefined;
  });
  constructor(public url: string) {
    instances.push(this);
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}
jest.mock('workbox-window', () => ({ Workbox: jest.fn((url: string) => new FakeWorkbox(url)) }));

import { registerServiceWorker } from './registerServiceWorker';

beforeEach(() => {
  instances.length = 0;
});

test('registers /sw.js; a waiting worker is offered, and accepting it skips waiting then reloads once it controls', async () => {
  const reload = jest.fn();
  let applyUpdate: (() => void) | undefined;
  await registerServiceWorker({ onUpdateWaiting: (apply) => (applyUpdate = apply), reload });
  const workbox = instances[0]!;
  expect(workbox.url).toBe('/sw.js');
  expect(workbox.register).toHaveBeenCalledTimes(1);

  workbox.emit('waiting');
  expect(applyUpdate).toBeDefined();
  expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
  applyUpdate!();
  expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
  expect(reload).not.toHaveBeenCalled();
  workbox.emit('controlling');
  expect(reload).toHaveBeenCalledTimes(1);
});

test('a failed registration is logged, not thrown', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  nextRegisterError = new Error('SecurityError: insecure origin');
  await expect(registerServiceWorker({ onUpdateWaiting: jest.fn() })).resolves.toBeNull();
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('service worker registration failed'), expect.any(Error));
  warn.mockRestore();
});
