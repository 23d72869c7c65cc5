export * from './flasher.js';
export * from './rollout.js';
export * from './version.js';
