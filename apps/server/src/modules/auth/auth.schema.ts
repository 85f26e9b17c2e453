import { index, pgTable, text, timestamp, uuid, integer } from 'drizzle-orm/pg-core';
import { users } from '../user/user.schema';

/**
 * Refresh tokens (docs/decisions/0002-token-scheme.md). Only the SHA-256 hash of the opaque token
 * is stored. Every token is single-use: refreshing marks it used and issues its successor in the
 * same family; presenting a used token again revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One family per sign-in; all rotations of that session share it. */
    familyId: uuid('family_id').notNull(),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token was exchanged for its successor. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Set when the family was revoked (reuse detected, password reset or change). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('refresh_tokens_user_idx').on(table.userId),
    index('refresh_tokens_family_idx').on(table.familyId),
  ],
);

export const userTokenPurposes = ['EMAIL_VERIFICATION', 'PASSWORD_RESET', 'EMAIL_CHANGE'] as const;

export type UserTokenPurpose = (typeof userTokenPurposes)[number];

/**
 * Single-use tokens sent by email (email verification, password reset, email change: `email`
 * is then the NEW address, applied when the token is used). Only the SHA-256 hash is
 * stored; `email` is the address the token was sent to, so a link mailed to an old address cannot
 * verify a new one.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: userTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('user_tokens_user_purpose_idx').on(table.userId, table.purpose)],
);

/**
 * The user's session generation (docs/decisions/0024-security-threat-model.md): every access token
 * carries the generation current when it was issued, and is refused once the generation has moved
 * on (password change or reset, sign out everywhere). A counter, not a time, so a token issued in
 * the same second as the change is judged exactly. No row: generation 0.
 */
export const sessionGenerations = pgTable('session_generations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  generation: integer('generation').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
