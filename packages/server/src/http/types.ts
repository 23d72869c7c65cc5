import type { Action, Grants } from '@gw/contracts';
import type { Tx } from '../db/client.js';

/**
 * What a route needs: `public` (no login), `session` (any logged-in user), or a menu path and action bit — or
 * several menus, any of which grants it (a tree read by its own page and by a page drawing it).
 * Every API route must declare one; the app refuses to start otherwise.
 */
export type Access = 'public' | 'session' | { menu: string | readonly string[]; action: Action };

export interface SessionUser {
  id: number;
  username: string;
  name: string;
  customerId: number | null;
  sessionId: string;
  /** Roles in force (one after a role switch). */
  roleIds: number[];
  /** Every role the user holds. */
  heldRoleIds: number[];
  grants: Grants;
  /** `all` for full access and the vendor's staff; otherwise the user's own customer subtree. */
  scope: 'all' | 'own';
  /**
   * The ids of the user's company and every company below it, read with the session (so as fresh as the
   * session: this node forgets sessions on every write, other nodes within SESSION_CACHE_MS). Left out by users
   * made outside a session (an export job's): the scope then reads the tree itself.
   */
  customerIds?: readonly number[];
}

/**
 * What the guard needs of the session store (modules/user implements it), so that http/ imports nothing of the
 * modules built on it.
 */
export interface SessionStore {
  /** The user of a live session, or null for a missing, expired or revoked token. */
  authenticate(token: string | undefined): Promise<SessionUser | null>;
  /** Forgets the sessions this node remembers (after any write). */
  forgetAll(): void;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** Set by the guard on every route that is not public. */
    user: SessionUser;
    /** Runs `fn` in a transaction that records this request's user and ip on every audited change. */
    tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  }
}
