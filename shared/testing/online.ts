// Tests of offline behaviour: what the browser says about its connection
// (navigator.onLine) and the event the app's useOnline() listens for.
export function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
