export * from './bind.js';
export * from './mp-reply.js';
export * from './notice.js';
export * from './template.js';
