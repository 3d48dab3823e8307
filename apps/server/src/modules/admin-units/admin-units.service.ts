import { ADMIN_UNIT_MESSAGES } from '@giot-hong/contract';
import { notFound } from '../../lib/http-error.ts';
import type { AdminUnitsData } from './admin-units.data.ts';

export function createAdminUnitsService(data: AdminUnitsData) {
  return {
    listProvinces: () => data.provinces,
    listWards(provinceCode: string) {
      const wards = data.wardsByProvince.get(provinceCode);
      if (!wards) throw notFound(ADMIN_UNIT_MESSAGES.provinceNotFound);
      return wards;
    },
  };
}
