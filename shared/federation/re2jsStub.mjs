// Stands in for re2js in the browser builds. Firestore's web SDK imports it
// only to evaluate the regex and LIKE functions of Firestore *pipelines* on
// the client; Agentflow runs no pipelines, and the library is 46 kB gzip of
// every view that reads Firestore (a third of the builder's growth budget).
// A pipeline that did use them gets Firestore's own answer for an invalid
// pattern (the SDK catches what compile() throws and returns an error value).
export const RE2JS = {
  compile() {
    throw new Error('Regular expressions in Firestore pipelines are not available in this app (re2js is not bundled).');
  },
};
