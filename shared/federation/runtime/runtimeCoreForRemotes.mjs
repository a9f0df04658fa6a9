// One federation runtime per page, handed to the remotes. The remotes are built
// with `experiments.externalRuntime` (webpack.mjs), so their remoteEntry.js
// reads runtime-core from `globalThis._FEDERATION_RUNTIME_CORE` instead of
// carrying a second copy (9.6 kB gzip of mf-home's 17.5 kB). Module
// Federation's own provider (`provideExternalRuntime`) hands over the whole
// runtime-core namespace, which stops the shell from tree-shaking it (+21.5 kB
// gzip); this hands over only the names a remote's runtime imports
// (@module-federation/runtime's dist; runtimeCoreForRemotes.test.ts checks the
// list against it), so the shell grows by 0.2 kB.
import {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-tools/runtime-core';

/** Publishes this bundle's runtime-core for the remotes; the first publisher on the page wins. */
export function shareRuntimeCoreWithRemotes() {
  CurrentGlobal._FEDERATION_RUNTIME_CORE ??= {
    CurrentGlobal,
    Module,
    ModuleFederation,
    assert,
    getGlobalFederationConstructor,
    getRemoteEntry,
    getRemoteInfo,
    helpers,
    loadScript,
    loadScriptNode,
    registerGlobalPlugins,
    satisfy,
    setGlobalFederationConstructor,
    setGlobalFederationInstance,
  };
}
