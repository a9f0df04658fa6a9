export * from './model.js';
export * from './api.js';
