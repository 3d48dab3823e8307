import { readFileSync } from 'node:fs';

type AdminUnitsFile = {
  source: string;
  validFrom: string;
  provinces: { code: string; name: string; wards: [code: string, name: string][] }[];
};

export type AdminUnitsData = {
  provinces: { code: string; name: string }[];
  wardsByProvince: Map<string, { code: string; name: string }[]>;
};

let cached: AdminUnitsData | undefined;

/**
 * The shipped data set (see data/NOTICE.md), read once per process on first use: it is
 * read-only reference data (~110 kB), so there is nothing to keep in the database.
 */
export function loadAdminUnits(): AdminUnitsData {
  if (cached) return cached;
  const file = JSON.parse(
    readFileSync(new URL('./data/admin-units-2025.json', import.meta.url), 'utf8'),
  ) as AdminUnitsFile;
  cached = {
    provinces: file.provinces.map(({ code, name }) => ({ code, name })),
    wardsByProvince: new Map(
      file.provinces.map((p) => [p.code, p.wards.map(([code, name]) => ({ code, name }))]),
    ),
  };
  return cached;
}
