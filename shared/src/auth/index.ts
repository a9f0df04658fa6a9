export * from './errors.js';
export * from './profile.js';
export * from './services.js';
