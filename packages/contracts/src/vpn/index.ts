export * from './key.js';
export * from './ipv4.js';
export * from './hub-state.js';
export * from './hub-api.js';
