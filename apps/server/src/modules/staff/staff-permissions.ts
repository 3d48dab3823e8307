import { STAFF_PERMISSIONS, type TStaffPermission } from '@giot-hong/contract';
import type { Actor } from '../../lib/actor.ts';
import type { StaffRepository } from './staff.repository.ts';
import { knownPermissions } from './staff.service.ts';

/**
 * What a staff member may do beyond their role: an ADMIN holds every permission, a STAFF account
 * those an ADMIN gave it. Other modules ask here (app.ts hands it to them), so the rule is once.
 */
export function createStaffPermissions(repo: Pick<StaffRepository, 'permissionsOf'>) {
  async function of(actor: Pick<Actor, 'id' | 'role'>): Promise<TStaffPermission[]> {
    if (actor.role === 'ADMIN') return [...STAFF_PERMISSIONS];
    if (actor.role !== 'STAFF') return [];
    return knownPermissions(await repo.permissionsOf(actor.id));
  }
  return {
    of,
    has: async (actor: Pick<Actor, 'id' | 'role'>, permission: TStaffPermission) =>
      (await of(actor)).includes(permission),
  };
}
export type StaffPermissions = ReturnType<typeof createStaffPermissions>;
