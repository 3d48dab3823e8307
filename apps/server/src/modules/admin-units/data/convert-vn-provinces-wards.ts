/**
 * Rebuilds admin-units-2025.json from the JSON shipped in the npm package `vn-provinces-wards`
 * (MIT). The package itself is not a dependency (its runtime dependencies do not install here):
 *
 *   cd /tmp && npm pack vn-provinces-wards@1.0.2 && mkdir vnpw && tar xzf vn-provinces-wards-1.0.2.tgz -C vnpw
 *   npx tsx apps/server/src/modules/admin-units/data/convert-vn-provinces-wards.ts /tmp/vnpw/package
 *
 * What the conversion changes: names are normalised to NFC (a few arrive decomposed), provinces
 * get their official unit prefix ('Thành phố' for the six centrally-run cities, 'Tỉnh' for the
 * others; the package gives bare names), and both levels are sorted in Vietnamese order of the
 * proper name (ignoring the 'Tỉnh'/'Phường'/'Xã'/'Đặc khu' prefix) so pickers can show them as is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type SourceProvince = { code: string; name: string };
type SourceWard = { code: string; name: string; province_code: string };

/** The six centrally-run cities since 1 July 2025 (Resolution 202/2025/QH15). */
const CITIES = new Set(['Hà Nội', 'Huế', 'Hải Phòng', 'Đà Nẵng', 'Hồ Chí Minh', 'Cần Thơ']);
const UNIT_PREFIX = /^(Thành phố|Tỉnh|Phường|Xã|Đặc khu)\s+/;
const collator = new Intl.Collator('vi', { sensitivity: 'base', numeric: true });
const byProperName = (a: string, b: string) => collator.compare(a.replace(UNIT_PREFIX, ''), b.replace(UNIT_PREFIX, ''));
const nfc = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ');

const pkgDir = process.argv[2];
if (!pkgDir) throw new Error('usage: convert-vn-provinces-wards.ts <extracted package dir>');
const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { name: string; version: string; license: string };
const read = <T>(file: string) => JSON.parse(readFileSync(path.join(pkgDir, 'src/json_data', file), 'utf8')) as T;
const provinces = read<SourceProvince[]>('provinces.json');
const wards = read<SourceWard[]>('wards.json');

const out = {
  source: `${pkg.name}@${pkg.version} (${pkg.license}); codes are the package's own, not the official GSO codes`,
  validFrom: '2025-07-01',
  provinces: provinces
    .map((p) => {
      const bare = nfc(p.name);
      return {
        code: p.code,
        name: `${CITIES.has(bare) ? 'Thành phố' : 'Tỉnh'} ${bare}`,
        wards: wards
          .filter((w) => w.province_code === p.code)
          .map((w) => [w.code, nfc(w.name)] as [string, string])
          .sort((a, b) => byProperName(a[1], b[1])),
      };
    })
    .sort((a, b) => byProperName(a.name, b.name)),
};

const total = out.provinces.reduce((n, p) => n + p.wards.length, 0);
if (out.provinces.length !== 34 || total !== 3321) throw new Error(`unexpected counts: ${out.provinces.length} / ${total}`);
const target = path.join(path.dirname(new URL(import.meta.url).pathname), 'admin-units-2025.json');
// One province per line keeps diffs of later corrections readable without bloating the file.
writeFileSync(target, `{"source":${JSON.stringify(out.source)},"validFrom":"${out.validFrom}","provinces":[\n${out.provinces.map((p) => JSON.stringify(p)).join(',\n')}\n]}\n`);
console.log(`wrote ${out.provinces.length} provinces, ${total} wards to ${target}`);
