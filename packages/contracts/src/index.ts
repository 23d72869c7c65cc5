export * from './api.js';
export * from './auth.js';
export * from './customer.js';
export * from './dictionary.js';
export * from './permissions.js';
export * from './role.js';
export * from './config.js';
export * from './locale.js';
