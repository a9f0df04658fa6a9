// What the service worker fetches ahead of time for each remote, read from
// its Module Federation manifest: without it, a remote the user has not
// opened yet (or opened before the worker took control) would not load offline.

/** The parts of an mf-manifest.json this needs. */
export interface FederationManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ assets?: { js?: AssetList; css?: AssetList } }>;
}
interface AssetList {
  sync?: string[];
  async?: string[];
}

export interface RemoteAssetUrls {
  /** remoteEntry.js: revalidated on every online load (it changes with each deploy). */
  entry: string;
  /** Content-hashed chunks of the exposed modules: cached until evicted. */
  chunks: string[];
}

/** Resolves the entry and exposed chunks of a remote against the URL its manifest came from. */
export function remoteAssetUrls(manifestUrl: string, manifest: FederationManifest): RemoteAssetUrls {
  const publicPath = manifest.metaData?.publicPath;
  // 'auto' (our builds) means "next to the manifest".
  const base = !publicPath || publicPath === 'auto' ? new URL('./', manifestUrl).href : new URL(publicPath, manifestUrl).href;
  const entryInfo = manifest.metaData?.remoteEntry;
  const entryPath = `${entryInfo?.path ? `${entryInfo.path.replace(/\/$/, '')}/` : ''}${entryInfo?.name ?? 'remoteEntry.js'}`;
  const chunks = new Set<string>();
  for (const expose of manifest.exposes ?? []) {
    for (const list of [expose.assets?.js, expose.assets?.css]) {
      for (const file of [...(list?.sync ?? []), ...(list?.async ?? [])]) chunks.add(new URL(file, base).href);
    }
  }
  return { entry: new URL(entryPath, base).href, chunks: [...chunks] };
}

/** A remote chunk whose name carries a content hash, safe to serve from cache forever. */
export const HASHED_ASSET = /\.[0-9a-f]{8}\.(js|css)$/;
