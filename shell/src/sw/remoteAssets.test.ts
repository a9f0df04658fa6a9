import { HASHED_ASSET, remoteAssetUrls } from './remoteAssets';

const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      assets: {
        js: { sync: ['__federation_expose_HomePage.cd6cca0e.js'], async: ['168.1c3f6d38.js', '608.2c22ed5c.js'] },
        css: { sync: ['home.0a1b2c3d.css'], async: [] },
      },
    },
    { assets: { js: { sync: ['168.1c3f6d38.js'], async: [] } } },
  ],
};

test('resolves the entry and every exposed chunk next to the manifest, once each', () => {
  expect(remoteAssetUrls('http://127.0.0.1:3001/mf-manifest.json', manifest)).toEqual({
    entry: 'http://127.0.0.1:3001/remoteEntry.js',
    chunks: [
      'http://127.0.0.1:3001/__federation_expose_HomePage.cd6cca0e.js',
      'http://127.0.0.1:3001/168.1c3f6d38.js',
      'http://127.0.0.1:3001/608.2c22ed5c.js',
      'http://127.0.0.1:3001/home.0a1b2c3d.css',
    ],
  });
});

test('a remote deployed under a folder, or with an explicit public path, resolves there', () => {
  expect(remoteAssetUrls('https://cdn.example.com/workflows/v42/mf-manifest.json', manifest).entry).toBe('https://cdn.example.com/workflows/v42/remoteEntry.js');
  const explicit = { ...manifest, metaData: { publicPath: 'https://assets.example.com/wf/', remoteEntry: { name: 'remoteEntry.js', path: 'entry' } } };
  const urls = remoteAssetUrls('https://cdn.example.com/mf-manifest.json', explicit);
  expect(urls.entry).toBe('https://assets.example.com/wf/entry/remoteEntry.js');
  expect(urls.chunks[0]).toBe('https://assets.example.com/wf/__federation_expose_HomePage.cd6cca0e.js');
});

test('a manifest without exposes still yields its entry', () => {
  expect(remoteAssetUrls('http://127.0.0.1:3004/mf-manifest.json', {})).toEqual({ entry: 'http://127.0.0.1:3004/remoteEntry.js', chunks: [] });
});

test('only content-hashed files count as immutable', () => {
  expect(HASHED_ASSET.test('/608.2c22ed5c.js')).toBe(true);
  expect(HASHED_ASSET.test('/remoteEntry.js')).toBe(false);
  expect(HASHED_ASSET.test('/mf-manifest.json')).toBe(false);
});
