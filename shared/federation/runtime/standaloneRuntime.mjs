// A remote's standalone page (its own index.html, no shell) loads this script
// before the remote's bundle: it stands in for the shell as the page's
// provider of the federation runtime (built by createRemoteConfig as
// federation-runtime.js, without the remote's externalRuntime setting).
import { shareRuntimeCoreWithRemotes } from './runtimeCoreForRemotes.mjs';

shareRuntimeCoreWithRemotes();
