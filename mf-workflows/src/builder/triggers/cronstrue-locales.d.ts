// cronstrue's locale files (UMD, no types of their own): loaded for their side effect, registering the locale.
declare module 'cronstrue/locales/*';
