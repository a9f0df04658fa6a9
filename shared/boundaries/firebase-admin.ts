// Stands in for the Admin SDK in the parts that may not use it (see README.md here).
export const refused: 'domain and web code may not import firebase-admin' = 'imported';
