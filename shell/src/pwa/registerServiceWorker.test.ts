import { registerServiceWorker, SKIP_WAITING_MESSAGE, type ServiceWorkerContainerLike } from './registerServiceWorker';

// The browser's service worker objects, as far as registerServiceWorker uses them (jsdom has none).
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  postMessage = jest.fn();
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  /** An update was found: a new worker starts installing. */
  startInstalling(): FakeWorker {
    this.installing = new FakeWorker();
    this.dispatchEvent(new Event('updatefound'));
    return this.installing;
  }
}

class FakeContainer extends EventTarget {
  controller: FakeWorker | null = null;
  registration = new FakeRegistration();
  registerError: Error | null = null;
  register = jest.fn(async () => {
    if (this.registerError) throw this.registerError;
    return this.registration;
  });
}

const asContainer = (fake: FakeContainer) => fake as unknown as ServiceWorkerContainerLike;

test('registers /sw.js; an update that installs while a worker controls the page is offered, and accepting it skips waiting then reloads once it controls', async () => {
  const container = new FakeContainer();
  container.controller = new FakeWorker();
  const reload = jest.fn();
  const offers: Array<() => void> = [];
  await registerServiceWorker({ onUpdateWaiting: (apply) => offers.push(apply), reload, container: asContainer(container) });
  expect(container.register).toHaveBeenCalledWith('/sw.js');
  expect(offers).toHaveLength(0);

  const update = container.registration.startInstalling();
  update.become('installed');
  expect(offers).toHaveLength(1);
  expect(update.postMessage).not.toHaveBeenCalled();
  offers[0]!();
  expect(update.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
  expect(reload).not.toHaveBeenCalled();
  update.become('activated');
  container.dispatchEvent(new Event('controllerchange'));
  expect(reload).toHaveBeenCalledTimes(1);
  // Reloads once, not on every later change of controller.
  container.dispatchEvent(new Event('controllerchange'));
  expect(reload).toHaveBeenCalledTimes(1);
});

test('a worker already waiting when the page registers is offered at once', async () => {
  const container = new FakeContainer();
  container.controller = new FakeWorker();
  const waiting = new FakeWorker();
  waiting.state = 'installed';
  container.registration.waiting = waiting;
  const offers: Array<() => void> = [];
  await registerServiceWorker({ onUpdateWaiting: (apply) => offers.push(apply), container: asContainer(container) });
  expect(offers).toHaveLength(1);
  offers[0]!();
  expect(waiting.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
});

test('the first install, with no worker in control, is not offered: it takes over by itself', async () => {
  const container = new FakeContainer();
  const onUpdateWaiting = jest.fn();
  await registerServiceWorker({ onUpdateWaiting, container: asContainer(container) });
  container.registration.startInstalling().become('installed');
  expect(onUpdateWaiting).not.toHaveBeenCalled();
});

test('a failed registration is logged, not thrown', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const container = new FakeContainer();
  container.registerError = new Error('SecurityError: insecure origin');
  await expect(registerServiceWorker({ onUpdateWaiting: jest.fn(), container: asContainer(container) })).resolves.toBeNull();
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('service worker registration failed'), expect.any(Error));
  warn.mockRestore();
});
