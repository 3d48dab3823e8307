import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs, organizations } from '../../db/schema/index.ts';

export function createReferenceRepository(db: Db) {
  return {
    listJobs: () =>
      db.select({ id: jobs.id, job: jobs.job }).from(jobs).orderBy(asc(jobs.sortOrder), asc(jobs.id)),
    listOrganizationsByType: (type: string) =>
      db
        .select({ id: organizations.id, name: organizations.name, type: organizations.type })
        .from(organizations)
        .where(eq(organizations.type, type))
        .orderBy(asc(organizations.name)),
  };
}
export type ReferenceRepository = ReturnType<typeof createReferenceRepository>;
