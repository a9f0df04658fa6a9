export * from './errors.js';
export * from './profile.js';
