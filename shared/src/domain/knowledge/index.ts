// Knowledge bases: sources, chunking by structure, keyword (BM25+) and vector
// retrieval fused by rank, citations. Pure: no Node, no Firebase.
export * from './blocks.js';
export * from './chunking.js';
export * from './fusion.js';
export * from './keywordIndex.js';
export * from './model.js';
export * from './access.js';
export * from './api.js';
