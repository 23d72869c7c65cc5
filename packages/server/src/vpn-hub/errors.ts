/** The hub cannot run on this host: not root, or a tool it drives is missing. Nothing was changed. */
export class HubUnavailableError extends Error {
  override readonly name = 'HubUnavailableError';
  constructor(
    message: string,
    readonly reason: 'not-root' | 'missing-tools',
    /** The tools that were not found (empty when the reason is not-root). */
    readonly missing: string[] = [],
  ) {
    super(message);
  }
}

/** A desired state the hub refused, one line per problem (`boxes[2].public_key: 盒子公钥格式不正确 …`). Nothing was changed. */
export class HubStateError extends Error {
  override readonly name = 'HubStateError';
  constructor(readonly errors: string[]) {
    super(`集线器状态无效 (invalid hub state): ${errors.join('; ')}`);
  }
}

/** A command the hub ran failed: its argv, exit code and what it wrote on stderr. */
export class HubCommandError extends Error {
  override readonly name = 'HubCommandError';
  constructor(
    message: string,
    readonly argv: readonly string[],
    readonly code: number,
    readonly stderr: string,
  ) {
    super(message);
  }
}
