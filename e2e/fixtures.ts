import path from 'node:path';
import { openDatabase } from '../packages/server/src/db/client.js';
import { adminUser, role } from '../packages/server/src/db/schema.js';
import { seed } from '../packages/server/src/db/seed.js';
import { hashPassword } from '../packages/server/src/lib/password.js';

export interface SeedUser {
  username: string;
  password: string;
  /** Menus of a role created for this user; null = no role. */
  menus: { menu: string; action: number }[] | null;
}

/**
 * Opens the data dir with the server's own migrations and seed, then adds roles and users — what the
 * administrator screens of a later issue will do through the API.
 */
export async function seedUsers(dataDir: string, users: SeedUser[]): Promise<void> {
  const database = await openDatabase({ dir: path.join(dataDir, 'pglite') });
  try {
    await seed(database.db, { superUser: 'admin', adminPassword: 'E2e-admin-pass' });
    for (const user of users) {
      let roles: number[] = [];
      if (user.menus) {
        const [r] = await database.db.insert(role).values({ name: `${user.username}-role`, menus: user.menus }).returning({ id: role.id });
        roles = [r.id];
      }
      await database.db.insert(adminUser).values({
        username: user.username,
        name: user.username,
        password_hash: await hashPassword(user.password),
        roles,
      });
    }
  } finally {
    await database.close();
  }
}
