// a box's secret is its password on the box link, made here and checked by the link's login (mqtt/identity/secret.ts)
export { hashDeviceSecret, newDeviceSecret, verifyDeviceSecret } from '../../mqtt/identity/secret.js';
