import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
    /** NEW until a staff member marks it handled (or replies). */
    status: text('status').notNull().default('NEW'),
    /** The staff member who takes care of it (no foreign key: the inbox outlives accounts). */
    assignedTo: integer('assigned_to'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_status_created_idx').on(t.status, t.createdAt),
  ],
);
