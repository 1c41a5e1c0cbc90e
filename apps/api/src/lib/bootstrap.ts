/** First-start facts: the token-signing key and the first Super Admin. */
import { randomBytes } from 'node:crypto';
import { type Db, systemSettings, users } from '@fc/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { Env } from '../config/env.js';
import { hashPassword } from '../modules/auth/passwords.js';

/** JWT_SECRET, or a random key generated once and kept in the database so every instance shares it. */
export async function loadJwtKey(db: Db, env: Env): Promise<Uint8Array> {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  await db
    .insert(systemSettings)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, 'jwt_secret'));
  return new TextEncoder().encode(String(row!.value));
}

export const DEFAULT_ADMIN_EMAIL = 'admin@fundraiser-console.local';

/**
 * Creates the Super Admin on first start. Returns the generated password (to print once) when
 * ADMIN_PASSWORD was not given; null when an admin already existed or the password was given.
 */
export async function ensureFirstAdmin(
  db: Db,
  env: Env,
): Promise<{ email: string; generatedPassword: string | null } | null> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.staffRole, 'super_admin'), isNull(users.deletedAt)))
    .limit(1);
  if (existing) return null;
  const email = (env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generatedPassword = env.ADMIN_PASSWORD ? null : randomBytes(15).toString('base64url');
  const passwordHash = await hashPassword(env.ADMIN_PASSWORD ?? generatedPassword!);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  if (taken) {
    await db
      .update(users)
      .set({ staffRole: 'super_admin', passwordHash, status: 'active' })
      .where(eq(users.id, taken.id));
  } else {
    await db.insert(users).values({
      email,
      passwordHash,
      firstName: 'Super',
      lastName: 'Admin',
      staffRole: 'super_admin',
      emailConfirmedAt: new Date(),
    });
  }
  return { email, generatedPassword };
}
