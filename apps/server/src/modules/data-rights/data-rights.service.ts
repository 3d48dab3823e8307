import {
  auditActionLabel,
  CONSENT_PURPOSES,
  CONSENT_TEXTS,
  CONSENT_VERSIONS,
  DATA_RIGHTS,
  DATA_RIGHTS_MESSAGES as M,
  DELETION_CONFIRM_PAGE,
  ErrorCode,
  NOTIFICATION_TYPE,
  PAGES,
  PRIVACY_TAB,
  RECORDS_KEPT_AFTER_ERASURE,
  STAFF_ROLE_LABELS,
  type TConsent,
  type TConsentChange,
  type TConsentPurpose,
  type TDataExport,
  type TDataView,
  type TDeletionStatus,
  type TPrivacyPolicy,
} from '@giot-hong/contract';
import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import type { SealedBox } from '../../lib/sealed-box.ts';
import { formatVnDate } from '../../lib/vn-time.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Dispatcher } from '../notifications/dispatcher.ts';
import { audit } from '../audit/audit.repository.ts';
import { verifyPassword } from '../auth/auth.crypto.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { sanitizeContent, sanitizeLink, sanitizeTitle } from '../notifications/notification.texts.ts';
import type { ThrottleService } from '../throttle/throttle.service.ts';
import { throttleKey } from '../throttle/throttle.service.ts';
import type { ConsentRow, DataRightsRepository, DeletionRow } from './data-rights.repository.ts';
import { eraseAccount } from './erasure.ts';
import { buildExportArchive } from './export-archive.ts';
import {
  deletionConfirmMail,
  deletionScheduledMail,
  erasedMail,
  exportReadyMail,
} from './data-rights.mails.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A worker that dies while building an export gives it up after this long. */
const EXPORT_LEASE_MS = 10 * 60_000;
/** Builds that failed this many times are marked FAILED (the donor may ask again). */
const EXPORT_MAX_ATTEMPTS = 3;

/** Password tries on a deletion request: the account is already logged in, this guards a stolen session. */
const DELETION_TRIES = {
  bucket: 'deletion-password',
  max: 5,
  windowSeconds: 3600,
  message: M.tooManyDeletionTries,
};

export type DataRightsActor = { id: number; role: string; requestId?: string };

export function createDataRightsService(deps: {
  repo: DataRightsRepository;
  clock: Clock;
  box: SealedBox;
  /** The erasure's last mail only: the account it would be filed under is gone. */
  mailer: Mailer;
  dispatcher: Pick<Dispatcher, 'email'>;
  throttle: Pick<ThrottleService, 'consume'>;
  publicUrl: string;
  retention: { idImageDays: number; exportDays: number; deletionGraceDays: number };
  /** Campaign counts changed (bookings cancelled, appointments anonymised). */
  onCountsChanged: () => void;
  logError: (err: unknown, msg: string) => void;
  /** What other modules keep of the donor (the donation record, honours), for the export. */
  exportExtras?: (userId: number) => Promise<Record<string, unknown>>;
  /** A consent was withdrawn on the privacy tab: the feature it serves ends, in the same transaction. */
  onConsentWithdrawn?: (tx: Tx, userId: number, purpose: TConsentPurpose, at: Date) => Promise<void>;
}) {
  const { repo, clock } = deps;
  const privacyLink = `${deps.publicUrl}${PAGES.profile}#${PRIVACY_TAB}`;

  function toConsent(purpose: TConsentPurpose, row: ConsentRow | undefined): TConsent {
    const currentVersion = CONSENT_VERSIONS[purpose];
    return {
      purpose,
      currentVersion,
      version: row?.version ?? null,
      givenAt: row?.givenAt.toISOString() ?? null,
      withdrawnAt: row?.withdrawnAt?.toISOString() ?? null,
      active: !!row && !row.withdrawnAt && row.version === currentVersion,
    };
  }

  /** CONSENT_REQUIRED (403) unless the consent is active; a withdrawn one says so clearly. */
  function requireActive(c: TConsent): void {
    if (c.active) return;
    const withdrawn = !!c.withdrawnAt;
    throw new HttpError(
      ErrorCode.CONSENT_REQUIRED,
      withdrawn ? M.consentWithdrawn(c.purpose) : M.consentRequired(c.purpose),
      { details: { consent: { purpose: c.purpose, version: c.currentVersion, withdrawn } } },
    );
  }

  async function consents(userId: number): Promise<TConsent[]> {
    const rows = new Map((await repo.latestConsents(userId)).map((r) => [r.purpose, r]));
    return CONSENT_PURPOSES.map((p) => toConsent(p, rows.get(p)));
  }

  function toDeletionStatus(row: DeletionRow | undefined): TDeletionStatus {
    if (!row) return { state: 'NONE', requestedAt: null, confirmedAt: null, eraseAfter: null };
    return {
      state: row.confirmedAt ? 'SCHEDULED' : 'AWAITING_CONFIRMATION',
      requestedAt: row.requestedAt.toISOString(),
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      eraseAfter: row.eraseAfter?.toISOString() ?? null,
    };
  }

  return {
    consents,

    policy(): TPrivacyPolicy {
      return {
        purposes: CONSENT_PURPOSES.map((purpose) => ({
          purpose,
          title: CONSENT_TEXTS[purpose].title,
          text: CONSENT_TEXTS[purpose].text,
          version: CONSENT_VERSIONS[purpose],
          optional: CONSENT_TEXTS[purpose].optional,
        })),
        retention: deps.retention,
        keptAfterErasure: RECORDS_KEPT_AFTER_ERASURE,
      };
    },

    /**
     * Gives (at the version in force) or withdraws one consent. Withdrawing the ID-data consent
     * also makes the donor-profile wizard ask for its terms again.
     */
    async changeConsent(userId: number, purpose: TConsentPurpose, req: TConsentChange): Promise<TConsent> {
      const text = CONSENT_TEXTS[purpose];
      await repo.transaction(async (tx) => {
        const now = clock.now();
        const current = (await repo.latestConsents(userId, tx)).find((r) => r.purpose === purpose);
        if (req.given) {
          if (text.givenInFeature) throw conflict(text.givenInFeature);
          if (req.version !== CONSENT_VERSIONS[purpose]) throw badRequest(M.wrongVersion);
          if (current && !current.withdrawnAt && current.version === req.version) return;
          await repo.insertConsent({ userId, purpose, version: req.version, at: now }, tx);
          return;
        }
        if (!text.optional && !text.withdrawWarning) throw badRequest(M.cannotWithdraw);
        if (!current || current.withdrawnAt) return;
        await repo.withdrawConsent(tx, current.id, now);
        if (purpose === 'ID_DATA') await repo.clearDonorTerms(tx, userId, now);
        await deps.onConsentWithdrawn?.(tx, userId, purpose, now);
      });
      return (await consents(userId)).find((c) => c.purpose === purpose)!;
    },

    /**
     * A consent given by joining the feature it serves, or withdrawn by leaving it, inside that
     * feature's transaction (the rare-blood club): given at the version in force.
     */
    async setInFeature(tx: Tx, userId: number, purpose: TConsentPurpose, given: boolean, at: Date) {
      const current = (await repo.latestConsents(userId, tx)).find((r) => r.purpose === purpose);
      const active = current && !current.withdrawnAt;
      if (!given) {
        if (active) await repo.withdrawConsent(tx, current.id, at);
        return;
      }
      if (active && current.version === CONSENT_VERSIONS[purpose]) return;
      await repo.insertConsent({ userId, purpose, version: CONSENT_VERSIONS[purpose], at }, tx);
    },

    /**
     * A consent given inside the feature that needs it (the questionnaire's agreement). It never
     * undoes a withdrawal: a donor who withdrew agrees again on the privacy tab, on purpose.
     */
    async giveWithFeature(userId: number, purpose: TConsentPurpose, version: string): Promise<void> {
      if (version !== CONSENT_VERSIONS[purpose]) throw badRequest(M.wrongVersion);
      const current = (await repo.latestConsents(userId)).find((r) => r.purpose === purpose);
      if (current?.withdrawnAt) return;
      if (current && current.version === version) return;
      await repo.insertConsent({ userId, purpose, version, at: clock.now() });
    },

    /**
     * Throws CONSENT_REQUIRED (403) naming the first purpose the donor has not agreed to in its
     * current version; a withdrawn consent says so clearly.
     */
    async requireConsents(userId: number, purposes: readonly TConsentPurpose[]): Promise<void> {
      const all = await consents(userId);
      for (const purpose of purposes) requireActive(all.find((x) => x.purpose === purpose)!);
    },

    /**
     * A registration's checks, read in one statement when it starts: `requireNoPendingDeletion`,
     * then (once the rules allow the booking) `giveAndRequire`, which stores the consent given with
     * the questionnaire if there is one and throws as `requireConsents` does. The same rules as the
     * separate calls, one round trip instead of three.
     */
    async registrationGate(userId: number) {
      const read = await repo.registrationGate(userId);
      const latest = new Map(read.consents.map((r) => [r.purpose, r]));
      return {
        requireNoPendingDeletion(): void {
          if (read.deletionConfirmed) throw conflict(M.deletionPendingNoRegistration);
        },
        async giveAndRequire(
          purposes: readonly TConsentPurpose[],
          given?: { purpose: TConsentPurpose; version: string },
        ): Promise<void> {
          if (given) {
            if (given.version !== CONSENT_VERSIONS[given.purpose]) throw badRequest(M.wrongVersion);
            const current = latest.get(given.purpose);
            // As giveWithFeature: a withdrawn consent is not given again by a questionnaire.
            if (!current?.withdrawnAt && current?.version !== given.version) {
              const at = clock.now();
              await repo.insertConsent({ userId, purpose: given.purpose, version: given.version, at });
              latest.set(given.purpose, {
                id: 0,
                userId,
                purpose: given.purpose,
                version: given.version,
                givenAt: at,
                withdrawnAt: null,
              });
            }
          }
          for (const purpose of purposes) requireActive(toConsent(purpose, latest.get(purpose)));
        },
      };
    },

    /** Refuses new registrations of an account waiting for erasure. */
    async requireNoPendingDeletion(userId: number): Promise<void> {
      const live = await repo.liveDeletion(userId);
      if (live?.confirmedAt) throw conflict(M.deletionPendingNoRegistration);
    },

    async views(userId: number): Promise<TDataView[]> {
      return (await repo.viewsOf(userId, 200)).map((v) => ({
        at: v.at.toISOString(),
        action: v.action,
        label: auditActionLabel(v.action),
        role: v.role,
        roleLabel: STAFF_ROLE_LABELS[v.role] ?? v.role,
      }));
    },

    // --- export ----------------------------------------------------------------------------------

    async exports(userId: number): Promise<TDataExport[]> {
      return (await repo.exportsOf(userId, clock.now())).map((e) => ({
        id: e.id,
        status: e.status as TDataExport['status'],
        requestedAt: e.requestedAt.toISOString(),
        readyAt: e.readyAt?.toISOString() ?? null,
        expiresAt: e.expiresAt?.toISOString() ?? null,
        sizeBytes: e.sizeBytes,
      }));
    },

    /** Queues an export (one at a time: a pending one is returned as it is). */
    async requestExport(userId: number): Promise<TDataExport> {
      const now = clock.now();
      const pending = (await repo.exportsOf(userId, now)).find((e) => e.status === 'PENDING');
      const row = pending ?? (await repo.insertExport({ id: randomUUID(), userId, at: now }));
      return {
        id: row.id,
        status: 'PENDING',
        requestedAt: row.requestedAt.toISOString(),
        readyAt: null,
        expiresAt: null,
        sizeBytes: null,
      };
    },

    async download(userId: number, id: string): Promise<Buffer> {
      const row = await repo.readyExport(userId, id, clock.now());
      if (!row?.content) throw notFound(M.exportNotFound);
      return row.content;
    },

    /**
     * Builds every queued export this process can claim (the scheduled task). Each is announced by
     * a notification and an e-mail once stored.
     */
    async processExports(): Promise<number> {
      let done = 0;
      for (;;) {
        const now = clock.now();
        const claimed = await repo.claimExport(now, new Date(now.getTime() + EXPORT_LEASE_MS));
        if (!claimed) return done;
        const expiresAt = new Date(now.getTime() + deps.retention.exportDays * DAY_MS);
        // A build that keeps killing its worker is given up on (the donor may ask again).
        if (claimed.attempts > EXPORT_MAX_ATTEMPTS) {
          await repo.failExport(claimed.id, now, expiresAt);
          continue;
        }
        let content: Buffer | undefined;
        try {
          content = await buildExportArchive(
            repo,
            deps.box,
            claimed.userId,
            now,
            await deps.exportExtras?.(claimed.userId),
          );
        } catch (err) {
          deps.logError(err, 'data export failed');
          await repo.failExport(claimed.id, now, expiresAt);
          continue;
        }
        if (!content) continue;
        await repo.completeExport(claimed.id, content, now, expiresAt);
        done++;
        const user = await repo.user(claimed.userId);
        if (!user) continue;
        const expires = formatVnDate(expiresAt);
        await repo.notify({
          userId: user.id,
          type: NOTIFICATION_TYPE.EVENT,
          title: sanitizeTitle('Dữ liệu của bạn đã sẵn sàng để tải'),
          content: sanitizeContent(
            `<p>Tệp dữ liệu bạn yêu cầu đã sẵn sàng. Mở Trang cá nhân › Quyền riêng tư để tải tệp trước ngày ${expires}.</p>`,
          ),
          link: sanitizeLink(`${PAGES.profile}#${PRIVACY_TAB}`),
          dedupeKey: `data-export:${claimed.id}`,
          createdAt: now,
        });
        await deps.dispatcher
          .email({
            userId: claimed.userId,
            kind: 'ACCOUNT',
            key: `data-export:${claimed.id}`,
            mail: exportReadyMail(user.email, user.username, privacyLink, expires),
          })
          .catch((err) => deps.logError(err, 'export mail failed'));
      }
    },

    async sweepExpiredExports(): Promise<number> {
      return repo.deleteExpiredExports(clock.now());
    },

    // --- deletion --------------------------------------------------------------------------------

    async deletionStatus(userId: number): Promise<TDeletionStatus> {
      return toDeletionStatus(await repo.liveDeletion(userId));
    },

    /**
     * Checks the password and mails a confirmation link (24 h). A new request replaces one whose
     * link was never opened; a confirmed one stands until cancelled.
     */
    async requestDeletion(actor: DataRightsActor, password: string): Promise<TDeletionStatus> {
      if (actor.role !== 'DONOR') throw new HttpError(ErrorCode.FORBIDDEN, M.staffCannotDelete);
      await deps.throttle.consume(DELETION_TRIES, throttleKey(DELETION_TRIES.bucket, String(actor.id)));
      const user = await repo.user(actor.id);
      if (!user) throw notFound();
      if (!(await verifyPassword(user.passwordHash, password))) throw badRequest(M.passwordWrong);
      const token = randomToken();
      const now = clock.now();
      await repo.transaction(async (tx) => {
        const live = await repo.liveDeletion(actor.id, tx);
        if (live?.confirmedAt) throw conflict(M.deletionAlreadyScheduled);
        if (live) await repo.cancelDeletion(tx, live.id, now);
        await repo.insertDeletion(tx, {
          userId: actor.id,
          tokenHash: sha256(token),
          at: now,
          linkExpiresAt: new Date(now.getTime() + DATA_RIGHTS.deletionLinkHours * HOUR_MS),
        });
        await audit(tx, actor, 'account.deletion.request', { type: 'user', id: actor.id }, now);
      });
      // The token travels in the URL fragment: browsers never send it to a server or a log.
      const link = `${deps.publicUrl}${DELETION_CONFIRM_PAGE}#${token}`;
      // Each request has its own link: no key, so a second request mails again.
      await deps.dispatcher.email({
        userId: actor.id,
        kind: 'ACCOUNT',
        mail: deletionConfirmMail(user.email, user.username, link),
      });
      return toDeletionStatus(await repo.liveDeletion(actor.id));
    },

    /**
     * The e-mailed link: schedules the erasure after the grace period and cancels upcoming
     * bookings at once (their places go back to the campaign).
     */
    async confirmDeletion(token: string): Promise<{ message: string; status: TDeletionStatus }> {
      const row = await repo.deletionByToken(sha256(token));
      const now = clock.now();
      if (!row || row.linkExpiresAt.getTime() <= now.getTime()) throw badRequest(M.deletionLinkInvalid);
      if (row.confirmedAt) {
        return { message: M.deletionScheduled(formatVnDate(row.eraseAfter!)), status: toDeletionStatus(row) };
      }
      const eraseAfter = new Date(now.getTime() + deps.retention.deletionGraceDays * DAY_MS);
      const cancelled = await repo.transaction(async (tx) => {
        if (!(await repo.confirmDeletion(tx, row.id, now, eraseAfter))) return undefined;
        const rows = await repo.cancelUpcomingBookings(tx, row.userId, now);
        await audit(
          tx,
          { id: row.userId, role: 'DONOR' },
          'account.deletion.confirm',
          { type: 'user', id: row.userId },
          now,
          { detail: { cancelledBookings: rows.length } },
        );
        return rows;
      });
      if (cancelled && cancelled.length > 0) deps.onCountsChanged();
      const date = formatVnDate(eraseAfter);
      const user = await repo.user(row.userId);
      if (user) {
        await deps.dispatcher
          .email({
            userId: row.userId,
            kind: 'ACCOUNT',
            key: `deletion-scheduled:${row.id}`,
            mail: deletionScheduledMail(user.email, user.username, date, privacyLink),
          })
          .catch((err) => deps.logError(err, 'deletion mail failed'));
      }
      return {
        message: M.deletionScheduled(date),
        status: toDeletionStatus(await repo.liveDeletion(row.userId)),
      };
    },

    async cancelDeletion(actor: DataRightsActor): Promise<void> {
      const now = clock.now();
      await repo.transaction(async (tx) => {
        const live = await repo.liveDeletion(actor.id, tx);
        if (!live || !(await repo.cancelDeletion(tx, live.id, now))) throw notFound(M.noDeletionRequest);
        await audit(tx, actor, 'account.deletion.cancel', { type: 'user', id: actor.id }, now);
      });
    },

    /** Erases every account whose grace period is over (the scheduled task). */
    async eraseDue(): Promise<number> {
      let erased = 0;
      for (;;) {
        const now = clock.now();
        const due = await repo.dueDeletions(now, 20);
        if (due.length === 0) return erased;
        let progressed = false;
        for (const d of due) {
          const result = await repo.transaction(async (tx) => {
            // A cancellation or another process that got there first leaves nothing to do.
            const still = await repo.lockDeletion(tx, d.id);
            if (!still?.eraseAfter || still.eraseAfter > now) return undefined;
            return eraseAccount(tx, d.userId, now);
          });
          if (!result) continue;
          progressed = true;
          erased++;
          await deps.mailer
            .send(erasedMail(result.email, result.username))
            .catch((err) => deps.logError(err, 'erasure mail failed'));
        }
        deps.onCountsChanged();
        if (!progressed) return erased;
      }
    },

    /** Staff: a donor's live deletion request, for the donor record. */
    /** Staff reading whether a donor asked to be erased: a view of the donor's data, audited. */
    async deletionOf(
      actor: { id: number; role: string; requestId: string },
      userId: number,
    ): Promise<TDeletionStatus> {
      const status = toDeletionStatus(await repo.liveDeletion(userId));
      await audit(
        repo.auditWriter,
        actor,
        'account.deletion.view',
        { type: 'user', id: userId },
        clock.now(),
        {
          subjectUserId: userId,
        },
      );
      return status;
    },
  };
}
export type DataRightsService = ReturnType<typeof createDataRightsService>;
