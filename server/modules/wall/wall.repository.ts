import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deletedAny } from '../../db/deleted-any.ts';
import { poolMessages, users } from '../../db/schema.ts';

export interface StoredWallMessage {
  id: number;
  poolId: number;
  userId: number;
  username: string;
  matchId: number | null;
  text: string;
  createdAt: Date;
}

const columns = {
  id: poolMessages.id,
  poolId: poolMessages.poolId,
  userId: poolMessages.userId,
  username: users.name,
  matchId: poolMessages.matchId,
  text: poolMessages.text,
  createdAt: poolMessages.createdAt,
};

/** The pool's wall (`pool_messages`): its messages and the match comments, by pool. */
export function createWallRepository(db: Database) {
  // A message is shown with its author's current name.
  const selectMessages = () =>
    db.select(columns).from(poolMessages).innerJoin(users, eq(users.id, poolMessages.userId));

  return {
    /** The newest `limit` + 1 messages of the wall (matchId null) or of one match, older than `before`; newest first. */
    async newest(poolId: number, { matchId, before, limit }: { matchId: number | null; before?: number; limit: number }) {
      return selectMessages()
        .where(
          and(
            eq(poolMessages.poolId, poolId),
            matchId === null ? isNull(poolMessages.matchId) : eq(poolMessages.matchId, matchId),
            before === undefined ? undefined : lt(poolMessages.id, before),
          ),
        )
        .orderBy(desc(poolMessages.id))
        .limit(limit + 1);
    },

    async find(poolId: number, id: number): Promise<StoredWallMessage | undefined> {
      const [row] = await selectMessages().where(and(eq(poolMessages.poolId, poolId), eq(poolMessages.id, id)));
      return row;
    },

    async insert(message: { poolId: number; userId: number; matchId: number | null; text: string }): Promise<number> {
      const [row] = await db.insert(poolMessages).values(message).returning({ id: poolMessages.id });
      return row!.id;
    },

    /** Whether this call deleted it: of simultaneous deletes of one message, only one does. */
    delete(poolId: number, id: number): Promise<boolean> {
      return deletedAny(db, poolMessages, and(eq(poolMessages.poolId, poolId), eq(poolMessages.id, id)));
    },
  };
}

export type WallRepository = ReturnType<typeof createWallRepository>;
