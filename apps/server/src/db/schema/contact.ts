import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Messages sent through the contact form; kept so staff can answer even if mail fails. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** null until the notification mail to the chapter's inbox has been handed to SMTP. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);
