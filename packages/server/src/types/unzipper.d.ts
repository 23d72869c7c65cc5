/** The part of unzipper 0.10 (exceljs's zip reader) that jobs/xlsx-ordered.ts uses: a zip opened by its central directory. */
declare module 'unzipper' {
  import type { Readable } from 'node:stream';

  export interface CentralDirectoryFile {
    path: string;
    type: 'File' | 'Directory';
    stream(): Readable;
  }
  export interface CentralDirectory {
    files: CentralDirectoryFile[];
  }
  const unzipper: { Open: { buffer(data: Buffer): Promise<CentralDirectory> } };
  export default unzipper;
}
