// Chat apps: a workflow published as a chat assistant (widget, hosted page),
// its conversations and memory, the answer stream's events and the public
// routes' schemas and codes. Pure: no Node, no Firebase.
export * from './model.js';
export * from './origins.js';
export * from './memory.js';
export * from './events.js';
export * from './routes.js';
export * from './api.js';
export * from './visitorSignIn.js';
