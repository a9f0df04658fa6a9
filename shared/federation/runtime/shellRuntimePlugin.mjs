// The shell's federation runtime plugin: before the shell's federation
// instance starts (so before any remoteEntry.js is fetched), its runtime-core
// is published for the remotes (runtimeCoreForRemotes.mjs).
import { shareRuntimeCoreWithRemotes } from './runtimeCoreForRemotes.mjs';

export default function shellRuntimePlugin() {
  return {
    name: 'agentflow-share-runtime-core',
    beforeInit(args) {
      shareRuntimeCoreWithRemotes();
      return args;
    },
  };
}
