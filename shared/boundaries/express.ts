// Stands in for the service stack in the parts that may not use it (see README.md here).
export const refused: 'domain and web code may not import express or the service stack' = 'imported';
