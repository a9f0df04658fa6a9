export * from './model.js';
export * from './refs.js';
export * from './api.js';
