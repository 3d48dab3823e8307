import {
  isStockLevelStale,
  STOCK_GROUP_ORDER,
  STOCK_TEXTS,
  type TAdminStockBoard,
  type TStockBoard,
  type TStockLevel,
  type TStockUpdate,
} from '@giot-hong/contract';
import type { Actor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { CACHE_SAFETY_EXPIRY_MS, createTtlCache } from '../../lib/ttl-cache.ts';
import { audit } from '../audit/audit.repository.ts';
import type { StockRepository } from './stock.repository.ts';

type CurrentRow = Awaited<ReturnType<StockRepository['current']>>[number];

/** Who sets levels: a staff member (request.actor), or the blood centre's key on its call. */
export type StockAuthor =
  { kind: 'STAFF'; actor: Actor } | { kind: 'API'; apiKeyId: number; requestId: string };

/**
 * The blood stock board: staff and the blood centre's key set levels (same rules, one path, each
 * setting audited in its transaction); everyone reads the board, which names the chapter or the
 * blood centre, never a person. A level 7 days old is stale (the contract's isStockLevelStale),
 * decided here with the service's clock so every reader of one answer sees the same.
 */
export function createStockService(deps: {
  repo: StockRepository;
  clock: Clock;
  chapterName: string;
  /** Told after a setting committed: publishes the change feed's 'stock' topic (ADR 35). */
  onChanged: () => void;
}) {
  const { repo, clock, chapterName } = deps;
  // The rows, not the answer: staleness is decided at each read, so a cached row turns stale on
  // time. Kept until a setting here or in another process (the 'stock' topic) drops them.
  const cache = createTtlCache<CurrentRow[]>(CACHE_SAFETY_EXPIRY_MS);

  function board(rows: readonly CurrentRow[]): TAdminStockBoard {
    const now = clock.now();
    const byGroup = new Map(rows.map((r) => [r.group, r]));
    return {
      groups: STOCK_GROUP_ORDER.map((group) => {
        const r = byGroup.get(group);
        if (!r)
          return {
            group,
            level: null,
            note: null,
            updatedAt: null,
            updatedBy: null,
            updatedByAccount: null,
            stale: true,
          };
        return {
          group,
          level: r.level as TStockLevel,
          note: r.note,
          updatedAt: r.updatedAt.toISOString(),
          updatedBy: r.source === 'API' ? STOCK_TEXTS.bloodCentre : chapterName,
          updatedByAccount: r.source === 'API' ? null : r.account,
          stale: isStockLevelStale(r.updatedAt, now),
        };
      }),
    };
  }

  return {
    /** The public board (GET /api/stock and the landing page rendered on the server). */
    async publicBoard(): Promise<TStockBoard> {
      const full = board(await cache.get(() => repo.current()));
      return { groups: full.groups.map(({ updatedByAccount: _, ...entry }) => entry) };
    },

    /** What staff see: the same, with the account that set each level. */
    async adminBoard(): Promise<TAdminStockBoard> {
      return board(await repo.current());
    },

    /** Sets the levels sent (the others keep theirs), with one audit row for the request. */
    async set(author: StockAuthor, levels: TStockUpdate['levels']): Promise<void> {
      const now = clock.now();
      const detail = { levels: levels.map((l) => `${l.group}=${l.level}`).join(',') };
      await repo.transaction(async (tx) => {
        if (author.kind === 'STAFF') {
          await repo.set(tx, levels, { kind: 'STAFF', userId: author.actor.id }, now, author.actor.requestId);
          await audit(tx, author.actor, 'stock.update', { type: 'stock', id: null }, now, { detail });
        } else {
          await repo.set(tx, levels, { kind: 'API', apiKeyId: author.apiKeyId }, now, author.requestId);
          await audit(
            tx,
            { id: null, role: 'API_KEY', requestId: author.requestId },
            'stock.receive',
            { type: 'api-key', id: author.apiKeyId },
            now,
            { detail },
          );
        }
      });
      deps.onChanged();
    },

    /** Drops the cached board: the change feed calls it for the 'stock' topic. */
    invalidate: () => cache.invalidate(),
  };
}
export type StockService = ReturnType<typeof createStockService>;
