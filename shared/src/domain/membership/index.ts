export * from './model.js';
export * from './features.js';
export * from './api.js';
export * from './rules.js';
export * from './teams.js';
export * from './history.js';
