// Stands in for the Firebase web SDK in the parts that may not use it (see README.md here).
export const refused: 'domain, server and ledger code may not import the Firebase web SDK (firebase/*)' = 'imported';
