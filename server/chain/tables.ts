import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Where an indexer resumes, and the hash of the last block it indexed (a different hash there now means a reorg). */
export const chainCursors = pgTable('chain_cursors', {
  name: text('name').primaryKey(),
  nextBlock: integer('next_block').notNull(),
  lastBlock: integer('last_block'),
  lastHash: text('last_hash'),
});
