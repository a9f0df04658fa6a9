import { detectPlatform, isStandalone } from './platform';

// Real user agents, as each browser sends them.
const UA = {
  iPhoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPhoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  iPadLegacy: 'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1',
  // iPadOS 13+ asks for desktop sites: the same string as Safari on a Mac.
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
  androidTabletFirefox: 'Mozilla/5.0 (Android 13; Tablet; rv:127.0) Gecko/127.0 Firefox/127.0',
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  macChrome: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
};

describe('detectPlatform', () => {
  test.each([
    ['iPhone Safari', 'ios', UA.iPhoneSafari, 5],
    ['iPhone Chrome (CriOS)', 'ios', UA.iPhoneChrome, 5],
    ['iPad (iOS 12, mobile UA)', 'ios', UA.iPadLegacy, 5],
    ['iPod touch', 'ios', UA.iPod, 5],
    ['iPad in desktop mode (Macintosh + touch)', 'ios', UA.macSafari, 5],
    ['Android Chrome', 'android', UA.androidChrome, 5],
    ['Android tablet Firefox', 'android', UA.androidTabletFirefox, 5],
    ['Windows Chrome', 'desktop', UA.windowsChrome, 0],
    ['Windows Chrome on a touch laptop', 'desktop', UA.windowsChrome, 10],
    ['macOS Safari', 'desktop', UA.macSafari, 0],
    ['macOS Chrome', 'desktop', UA.macChrome, 0],
    ['a Mac reporting one touch point (not an iPad)', 'desktop', UA.macSafari, 1],
    ['Linux Firefox', 'desktop', UA.linuxFirefox, 0],
    ['an empty user agent', 'desktop', '', 0],
  ] as const)('%s → %s', (_name, expected, userAgent, maxTouchPoints) => {
    expect(detectPlatform(userAgent, maxTouchPoints)).toBe(expected);
  });

  test('maxTouchPoints defaults to 0 (a Mac user agent stays desktop)', () => {
    expect(detectPlatform(UA.macSafari)).toBe('desktop');
  });
});

describe('isStandalone', () => {
  const media = (matches: boolean) => jest.fn((_query: string) => ({ matches }));

  test('display-mode: standalone matches', () => {
    const matchMedia = media(true);
    expect(isStandalone({ matchMedia, navigator: {} })).toBe(true);
    expect(matchMedia).toHaveBeenCalledWith('(display-mode: standalone)');
  });

  test('iOS home-screen app: navigator.standalone === true', () => {
    expect(isStandalone({ matchMedia: media(false), navigator: { standalone: true } })).toBe(true);
  });

  test('a browser tab: neither signal', () => {
    expect(isStandalone({ matchMedia: media(false), navigator: {} })).toBe(false);
    expect(isStandalone({ matchMedia: media(false), navigator: { standalone: false } })).toBe(false);
  });

  test('no matchMedia (old browsers, jsdom) and a throwing matchMedia are not standalone', () => {
    expect(isStandalone({ navigator: {} })).toBe(false);
    const throwing = () => {
      throw new Error('unsupported');
    };
    expect(isStandalone({ matchMedia: throwing, navigator: {} })).toBe(false);
  });

  test('the real jsdom window is a browser tab', () => {
    expect(isStandalone(window)).toBe(false);
  });
});
