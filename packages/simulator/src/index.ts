export { startFleet, type Fleet, type FleetOptions } from './fleet.js';
export { SimulatedBox, type FleetStats } from './box.js';
export { answerCommand, boxConfigSchema, type BoxConfig, type BoxState } from './box-api.js';
export { SimulatedMachine, type MachineSpec } from './machine.js';
export { type BoxIdentity, readIdentities, writeIdentities, fingerprintOf } from './identity.js';
export { verifyCertificate } from './license.js';
export { provisionFleet, type ProvisionOptions } from './provision.js';
export { OTA_ERRORS, OTA_FAIL_STEPS, type OtaFailStep, type OtaOptions, otaFailures } from './ota.js';
