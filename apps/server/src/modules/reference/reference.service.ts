import { FREE_ORGANIZATION, type TJob, type TOrganization } from '@giot-hong/contract';
import type { ReferenceRepository } from './reference.repository.ts';

export function createReferenceService(deps: { repo: ReferenceRepository }) {
  const { repo } = deps;
  return {
    listJobs: (): Promise<TJob[]> => repo.listJobs(),

    /**
     * The donor pickers' organizations: the synthetic 'Tự do' (id 0, type OTHER; saved as "no
     * organization") first, then those of type OTHER by name.
     */
    async listOrganizationOptions(): Promise<TOrganization[]> {
      const organizations = await repo.listOrganizationsByType(FREE_ORGANIZATION.type);
      return [FREE_ORGANIZATION, ...organizations.filter((o) => o.id !== FREE_ORGANIZATION.id)];
    },
  };
}
