/** A refusal or failure told to the operator in Chinese and English; the command prints it and exits 1. */
export class BackupError extends Error {
  constructor(
    readonly chinese: string,
    readonly english: string,
  ) {
    super(`${chinese}\n${english}`);
  }
}
