import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export function createContactRepository(db: Db) {
  return {
    async insert(row: {
      name: string;
      email: string;
      message: string;
      createdAt: Date;
    }): Promise<ContactMessageRow> {
      const [created] = await db.insert(contactMessages).values(row).returning();
      return created!;
    },
    async markMailed(id: number, at: Date): Promise<void> {
      await db.update(contactMessages).set({ mailedAt: at }).where(eq(contactMessages.id, id));
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
