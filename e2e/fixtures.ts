import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../packages/server/dist/', import.meta.url));

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
  const { openDatabase } = (await import(path.join(dist, 'db/client.js'))) as typeof import('../packages/server/src/db/client');
  const { seed } = (await import(path.join(dist, 'db/seed.js'))) as typeof import('../packages/server/src/db/seed');
  const schema = (await import(path.join(dist, 'db/schema.js'))) as typeof import('../packages/server/src/db/schema');
  const { hashPassword } = (await import(path.join(dist, 'lib/password.js'))) as typeof import('../packages/server/src/lib/password');
  const database = await openDatabase({ dir: path.join(dataDir, 'pglite') });
  try {
    await seed(database.db, { superUser: 'admin', adminPassword: 'unused-here' });
    for (const user of users) {
      let roles: number[] = [];
      if (user.menus) {
        const [r] = await database.db
          .insert(schema.role)
          .values({ name: `${user.username}-role`, menus: user.menus })
          .returning({ id: schema.role.id });
        roles = [r.id];
      }
      await database.db.insert(schema.adminUser).values({
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
