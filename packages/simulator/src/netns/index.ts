/**
 * The namespace lab, `@gw/simulator/netns`: network namespaces, veth links, WireGuard tunnels as a box or an
 * engineer's PC makes them, and the machine tools and agents that talk through them. The simulator's `--vpn`
 * boxes are built on it, and the hub's tests use it for everything around the hub.
 */
export { createLab, REGISTRY, type Lab, type LabOptions, type Namespace } from './lab.js';
export { createRunner, type CommandResult, type Log, type Run, type RunnerFactory, type RunOptions } from './run.js';
export { startAgent, startMachine, startMachines, type Agent, type Heard, type Machine, type Stream } from './services.js';
export { AGENT_SCRIPT, MACHINE_SCRIPT } from './scripts.js';
export { makeWireGuardInterface, setPrivateKey, startTunnel, type TunnelOptions } from './tunnel.js';
export { hasTool, kernelWireGuardLoaded, labProblem } from './host.js';
