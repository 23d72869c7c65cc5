export * from './states.js';
export * from './goods.js';
export * from './device.js';
export * from './device-tag.js';
export * from './machine-tool.js';
export * from './device-flow.js';
export * from './net.js';
export * from './order.js';
