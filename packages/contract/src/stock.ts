import { z } from 'zod';
import { BLOOD_GROUPS, stockGroupLabel } from './constants.ts';
import { ZEnvelope } from './envelope.ts';
import { singleLineText } from './text-field.ts';

/**
 * The blood stock board: how much blood of each group the chapter's blood centre holds, as a level
 * staff (or the blood centre's machine) set, shown to everyone on the landing page. A level is a
 * word, never a count of bags: the chapter tells donors which groups are needed, not its inventory.
 */

export const STOCK_API = {
  /** Public: the board, levels with when and by whom (the chapter or the blood centre). */
  board: '/api/stock',
} as const;

export const ADMIN_STOCK_API = {
  /** GET the board as staff see it (with the account that set each level); PUT levels. */
  stock: '/api/admin/stock',
} as const;

export const STOCK_LEVELS = ['CRITICAL', 'LOW', 'OK', 'HIGH'] as const;
export type TStockLevel = (typeof STOCK_LEVELS)[number];

/** Each level in words: the board shows them beside the colour, never the colour alone. */
export const STOCK_LEVEL_LABELS: Record<TStockLevel, string> = {
  CRITICAL: 'Nguy cấp',
  LOW: 'Thấp',
  OK: 'Đủ dùng',
  HIGH: 'Dồi dào',
};

export type TStockGroup = (typeof BLOOD_GROUPS)[number];
/** The order the board shows: the universal donor first, then A, B and AB, each Rh+ then Rh−. */
export const STOCK_GROUP_ORDER = [
  'O+',
  'O-',
  'A+',
  'A-',
  'B+',
  'B-',
  'AB+',
  'AB-',
] as const satisfies readonly TStockGroup[];

/** A level set this long ago (or never) is no longer news: the board says STOCK_TEXTS.stale instead. */
export const STOCK_STALE_AFTER_DAYS = 7;
const STALE_AFTER_MS = STOCK_STALE_AFTER_DAYS * 24 * 60 * 60 * 1000;

/**
 * Whether a level set at `updatedAt` is too old to show at `now`: never set, or set 7 days
 * (7 × 24 hours) ago or more. Setting a level again, even to the same one, makes it current.
 * The server decides it with its clock and says it in the answer, so the page rendered on the
 * server and the page hydrated in the browser show the same thing.
 */
export function isStockLevelStale(updatedAt: Date | string | null, now: Date): boolean {
  if (updatedAt === null) return true;
  const at = typeof updatedAt === 'string' ? Date.parse(updatedAt) : updatedAt.getTime();
  if (Number.isNaN(at)) return true;
  return now.getTime() - at >= STALE_AFTER_MS;
}

export const STOCK_LIMITS = { noteMax: 200 } as const;

export const STOCK_TEXTS = {
  /** Shown instead of a level that is 7 days old, or was never set. */
  stale: 'chưa cập nhật',
  /** Who set a level with the blood centre's API key (a person is never named publicly). */
  bloodCentre: 'Trung tâm máu',
  boardTitle: 'Tình hình máu dự trữ',
  boardEyebrow: 'Nhóm máu đang cần',
  boardIntro: 'Mức dự trữ của từng nhóm máu. Nhóm máu đang thấp cần bạn nhất.',
  boardListLabel: 'Mức dự trữ theo nhóm máu',
  boardEmpty: 'Chưa có thông tin dự trữ máu',
  /** '…cập nhật 27/11/2026 09:00 bởi Hội Chữ thập đỏ …'. */
  updated: (when: string, by: string) => `Cập nhật ${when} bởi ${by}`,
  consoleTitle: 'Tồn kho máu',
  consoleSub:
    'Mức dự trữ từng nhóm máu hiển thị trên trang chủ. Mức không được cập nhật sau 7 ngày sẽ hiển thị là “chưa cập nhật”.',
  groupColumn: 'Nhóm máu',
  levelLabel: (group: string) => `Mức dự trữ nhóm ${stockGroupLabel(group)}`,
  noteLabel: (group: string) => `Ghi chú nhóm ${stockGroupLabel(group)}`,
  levelPlaceholder: 'Chọn mức',
  lastUpdate: 'Cập nhật lần cuối',
  never: 'Chưa đặt',
  save: 'Lưu mức dự trữ',
  saved: 'Đã cập nhật tồn kho máu',
  /** Under the save button: saving confirms every level shown, changed or not. */
  saveHint: 'Lưu xác nhận cả tám mức là hiện hành, kể cả mức không đổi.',
  loadFailed: 'Không thể tải tồn kho máu',
} as const;

export const STOCK_MESSAGES = {
  levelRequired: 'Vui lòng chọn mức dự trữ',
  groupInvalid: 'Nhóm máu không hợp lệ',
  noteTooLong: `Ghi chú không quá ${STOCK_LIMITS.noteMax} ký tự`,
  levelsRequired: 'Vui lòng gửi mức dự trữ của ít nhất một nhóm máu',
  groupTwice: 'Mỗi nhóm máu chỉ được gửi một lần',
} as const;

export const ZStockLevelInput = z.object({
  group: z.enum(BLOOD_GROUPS, { error: STOCK_MESSAGES.groupInvalid }),
  level: z.enum(STOCK_LEVELS, { error: STOCK_MESSAGES.levelRequired }),
  /** A short word for donors ('Cần gấp cho ca mổ'); empty is none. */
  note: singleLineText({ error: STOCK_MESSAGES.noteTooLong }, { trim: true })
    .max(STOCK_LIMITS.noteMax, STOCK_MESSAGES.noteTooLong)
    .nullish()
    .transform((v) => v || null),
});
export type TStockLevelInput = z.input<typeof ZStockLevelInput>;

/**
 * `PUT /api/admin/stock` and `PUT /api/integrations/stock`: all eight groups or some of them; the
 * groups left out keep their level.
 */
export const ZStockUpdateRequest = z.object({
  levels: z
    .array(ZStockLevelInput, { error: STOCK_MESSAGES.levelsRequired })
    .min(1, STOCK_MESSAGES.levelsRequired)
    .max(BLOOD_GROUPS.length, STOCK_MESSAGES.groupTwice)
    .refine((l) => new Set(l.map((e) => e.group)).size === l.length, STOCK_MESSAGES.groupTwice),
});
export type TStockUpdateRequest = z.input<typeof ZStockUpdateRequest>;
/** The request as the server reads it (notes trimmed, an empty note null). */
export type TStockUpdate = z.output<typeof ZStockUpdateRequest>;

export const ZStockEntry = z.object({
  group: z.enum(BLOOD_GROUPS),
  /** The last level set, null when none ever was. */
  level: z.enum(STOCK_LEVELS).nullable(),
  note: z.string().nullable(),
  /** When the level was last set (ISO instant), null when never. */
  updatedAt: z.string().nullable(),
  /** Who set it, publicly: the chapter's name or STOCK_TEXTS.bloodCentre (never a person). */
  updatedBy: z.string().nullable(),
  /** isStockLevelStale at the server's time: the board shows STOCK_TEXTS.stale instead of the level. */
  stale: z.boolean(),
});
export type TStockEntry = z.infer<typeof ZStockEntry>;

/** The board: one entry per group, in STOCK_GROUP_ORDER. */
export const ZStockBoard = z.object({ groups: z.array(ZStockEntry) });
export type TStockBoard = z.infer<typeof ZStockBoard>;
export const ZStockBoardResponse = ZEnvelope(ZStockBoard);

/** Staff also see the account that set each level (null: the blood centre's key, or none). */
export const ZAdminStockEntry = ZStockEntry.extend({ updatedByAccount: z.string().nullable() });
export type TAdminStockEntry = z.infer<typeof ZAdminStockEntry>;
export const ZAdminStockBoard = z.object({ groups: z.array(ZAdminStockEntry) });
export type TAdminStockBoard = z.infer<typeof ZAdminStockBoard>;
export const ZAdminStockBoardResponse = ZEnvelope(ZAdminStockBoard);
