// `npm run seed`: applies migrations and seeds demo data into the configured database.
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/open.ts';
import { systemClock } from '../lib/clock.ts';
import { seedDemoData, seedDemoSecondFactors } from './seed.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  const seeded = await seedDemoData(database.db, systemClock);
  // The demo staff's development authenticator secret (README): never in production.
  if (config.env !== 'production')
    await seedDemoSecondFactors(database.db, systemClock, config.secrets.dataEncryption);
  console.log(seeded ? 'Đã tạo dữ liệu mẫu.' : 'Dữ liệu mẫu đã có sẵn; không thay đổi gì.');
} finally {
  await database.close();
}
