import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ROLE_ADMIN, ROLE_CUSTOMER, type RoleMenu, mergeRoleMenus } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { adminUser, customer, session } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { TokenSigner } from '../../lib/token.js';
import { customerSubtree } from '../../http/scope.js';
import type { SessionStore, SessionUser } from '../../http/types.js';
import { type Entry, SessionCache } from './session-cache.js';

export interface SessionDeps {
  db: Db;
  clock: Clock;
  signer: TokenSigner;
  superUser: string;
  ttlHours: number;
  /** How long this node trusts a session it has just read (ms); 0 reads it on every request. */
  cacheMs: number;
}

/** Opens, checks and revokes sessions; a token is only as good as its session row. */
export class Sessions implements SessionStore {
  private readonly recent: SessionCache;

  constructor(private readonly deps: SessionDeps) {
    this.recent = new SessionCache(deps.cacheMs);
  }

  async open(userId: number, meta: { ip: string; userAgent: string; roleId?: number | null }): Promise<string> {
    const { db, clock, signer, ttlHours } = this.deps;
    const now = clock.now();
    const expires = new Date(now.getTime() + ttlHours * 3_600_000);
    const id = randomUUID();
    await db.insert(session).values({
      id,
      user_id: userId,
      role_id: meta.roleId ?? null,
      ip: meta.ip,
      user_agent: meta.userAgent.slice(0, 500),
      created_at: now,
      expires_at: expires,
    });
    return signer.sign({ sid: id, uid: userId }, now, expires);
  }

  async revoke(sessionId: string): Promise<void> {
    await this.deps.db.update(session).set({ revoked_at: this.deps.clock.now() }).where(eq(session.id, sessionId));
    this.recent.forgetSession(sessionId);
  }

  /** Ends every other session of a user (after a password change). */
  async revokeOthers(userId: number, keep: string): Promise<void> {
    const others = await this.deps.db
      .select({ id: session.id })
      .from(session)
      .where(and(eq(session.user_id, userId), isNull(session.revoked_at)));
    const ids = others.map((o) => o.id).filter((id) => id !== keep);
    if (ids.length) await this.deps.db.update(session).set({ revoked_at: this.deps.clock.now() }).where(inArray(session.id, ids));
    this.recent.forgetAll();
  }

  /**
   * Drops what this node remembers of every session: after any write, which may have disabled a user, changed
   * a role's menus or revoked sessions behind this class's back.
   */
  forgetAll(): void {
    this.recent.forgetAll();
  }

  /** The user behind a token, or null when the token is bad, expired, revoked or its user is disabled. */
  authenticate(token: string | undefined): Promise<SessionUser | null> {
    if (!token) return Promise.resolve(null);
    const now = this.deps.clock.now();
    return this.recent.readThrough(token, now.getTime(), () => this.check(token, now));
  }

  /** The token's signature and claims, then its session, user and roles in one query. */
  private async check(token: string, now: Date): Promise<Entry | null> {
    const { db, signer, superUser } = this.deps;
    const claims = await signer.verify(token, now);
    if (!claims) return null;
    const [row] = await db
      .select({
        session: session,
        user: {
          id: adminUser.id,
          username: adminUser.username,
          name: adminUser.name,
          customer_id: adminUser.customer_id,
          roles: adminUser.roles,
          enabled: adminUser.enabled,
        },
        vendor: customer.is_vendor,
        // the company's subtree rides along too: every scoped query of the session's requests takes it as a value
        subtree: sql<number[] | null>`(select array_agg(sub.id) from (${customerSubtree(sql`${adminUser.customer_id}`)}) sub)`,
        // the user's roles ride along, so a request costs one query to authenticate
        roles: sql<{ id: number; menus: RoleMenu[] }[]>`(select coalesce(json_agg(json_build_object('id', r.id, 'menus', r.menus)), '[]'::json) from role r where r.id = any(${adminUser.roles}))`,
      })
      .from(session)
      .innerJoin(adminUser, eq(adminUser.id, session.user_id))
      .leftJoin(customer, eq(customer.id, adminUser.customer_id))
      .where(eq(session.id, claims.sid));
    if (!row || row.session.revoked_at || row.session.expires_at <= now || !row.user.enabled) return null;
    if (row.user.id !== claims.uid) return null;

    const held = row.user.roles;
    const inForce = row.session.role_id != null ? held.filter((id) => id === row.session.role_id) : held;
    const roles = row.roles.filter((r) => inForce.includes(r.id));
    // Full access: the super user by name, or role 1 `admin` in force (the vendor's full-access role, so holding it
    // counts as being the super user).
    const fullAccess = row.user.username === superUser || inForce.includes(ROLE_ADMIN);
    // shared by every request within the cache time, so nobody may change it
    const user: SessionUser = Object.freeze({
      id: row.user.id,
      username: row.user.username,
      name: row.user.name,
      customerId: row.user.customer_id,
      sessionId: row.session.id,
      roleIds: roles.map((r) => r.id),
      heldRoleIds: held,
      grants: Object.freeze({ superUser: fullAccess, roleMenu: mergeRoleMenus(roles.map((r) => r.menus)) }),
      // The vendor's staff see every customer; whoever acts as a customer sees its own subtree only.
      scope: fullAccess || (row.vendor === true && !inForce.includes(ROLE_CUSTOMER)) ? 'all' : 'own',
      ...(row.user.customer_id == null ? {} : { customerIds: Object.freeze((row.subtree ?? []).map(Number)) }),
    });
    return { user, at: now.getTime(), expiresAt: row.session.expires_at.getTime() };
  }
}
