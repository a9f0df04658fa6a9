// cronstrue's locale files (UMD, no types of their own): the schedule preview
// (mf-workflows builder/triggers) loads them for their side effect, which
// registers the locale with cronstrue.
declare module 'cronstrue/locales/*';
