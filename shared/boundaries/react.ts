// Stands in for React in the parts that may not use it (see README.md here).
export const refused: 'domain, server and ledger code may not import react' = 'imported';
