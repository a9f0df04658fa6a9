// The compiled worker's file, beside this one in dist. Its own module, loaded
// only by the build (ESM): import.meta is no CommonJS syntax, and Jest runs
// the sources as CommonJS (codeWorkers.ts takes the .ts file there).
export const CODE_WORKER_FILE = new URL('./codeWorker.js', import.meta.url);
