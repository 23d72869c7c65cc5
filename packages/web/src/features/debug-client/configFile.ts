import { saveBlob } from '../../components/ResourceTable/api';

/** A wg-quick file as `<name>.conf` (the name WireGuard gives the tunnel), characters a file name cannot hold replaced. */
export function saveConfig(name: string, config: string): void {
  const file = `${name.replace(/[\\/:*?"<>|\s]+/g, '_') || 'wg'}.conf`;
  saveBlob(new Blob([config], { type: 'text/plain;charset=utf-8' }), file);
}
