// `npm run seed`: applies migrations and seeds demo data into the configured database.
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { systemClock } from '../lib/clock.ts';
import { seedDemoData } from './seed.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  const seeded = await seedDemoData(database.db, systemClock);
  console.log(seeded ? 'Đã tạo dữ liệu mẫu.' : 'Dữ liệu mẫu đã có sẵn; không thay đổi gì.');
} finally {
  await database.close();
}
