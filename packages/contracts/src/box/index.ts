export * from './protocol.js';
export * from './live.js';
export * from './brands.js';
export * from './values.js';
export * from './vpn.js';
