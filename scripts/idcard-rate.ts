// `npm run idcard:rate -- [count] [seed] [variant]`: how often the ID-card extraction verifies a
// synthetic card on its own (EXTRACTED rather than PENDING), over more cards than the test suite
// reads. Cards come from one seeded sequence of invented people, so a run is repeatable and a
// card that goes to review can be read again by its number. Prints every such card with the
// reason (low fields, disagreements, MRZ checks) and the verification rate. Not part of the tests.
import {
  CONFIDENCE_THRESHOLD,
  extractBack,
  extractFront,
  isConsistentAndConfident,
  KEY_FIELDS,
  mergeSides,
} from '../apps/server/src/idcard/extract.ts';
import { terminate, warmUp } from '../apps/server/src/idcard/ocr.ts';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import { renderCard, VARIANTS, type Variant } from '../apps/server/test/idcard/render-card.ts';

const count = Number(process.argv[2] ?? 100);
const seed = Number(process.argv[3] ?? 20261123);
const variant = (process.argv[4] ?? 'clean') as Variant;
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed) || !VARIANTS.includes(variant)) {
  console.error(`usage: npm run idcard:rate -- [count ≥ 1] [seed] [${VARIANTS.join('|')}]`);
  process.exit(2);
}

await warmUp();
const people = generateIdentities(count, seed);
let verified = 0;
let frontMs = 0;
let backMs = 0;
for (const [i, person] of people.entries()) {
  const card = await renderCard(person, variant, i + 1);
  const front = await extractFront(card.front);
  const back = await extractBack(card.back, { front });
  frontMs += front.ms;
  backMs += back.ms;
  const merged = mergeSides(front, back);
  if (isConsistentAndConfident(merged)) {
    verified++;
    continue;
  }
  const low = KEY_FIELDS.filter((k) => (merged.fields[k]?.confidence ?? 0) < CONFIDENCE_THRESHOLD).map(
    (k) => `${k}=${merged.fields[k]?.value ?? '∅'} (${merged.fields[k]?.confidence ?? 0})`,
  );
  const checks = back.mrz.checks
    ? Object.entries(back.mrz.checks)
        .filter(([, ok]) => !ok)
        .map(([k]) => k)
    : ['no zone'];
  console.log(
    `card ${i} → review: scores ${merged.score_front}/${merged.score_back}` +
      (merged.disagreements.length
        ? `; disagreements ${merged.disagreements.map((d) => `${d.field} '${d.front}' ≠ '${d.back}'`).join(', ')}`
        : '') +
      (low.length ? `; low ${low.join(', ')}` : '') +
      (checks.length ? `; MRZ checks failing: ${checks.join(', ')}` : ''),
  );
}
await terminate();
console.log(
  `[idcard:rate] ${verified}/${count} ${variant} cards verified automatically ` +
    `(${((verified / count) * 100).toFixed(1)} %), seed ${seed}; ` +
    `mean time per side: front ${Math.round(frontMs / count)} ms, back ${Math.round(backMs / count)} ms`,
);
