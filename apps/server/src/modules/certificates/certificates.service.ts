import {
  certificateState,
  CERTIFICATE_MESSAGES as M,
  CERTIFICATE_STATES,
  DONOR_ADMIN_MESSAGES,
  certificateVerifyPath,
  formatCertificateSerial,
  maskedName,
  vnDayOf,
  type TAdminCertificate,
  type TPublicCertificate,
} from '@giot-hong/contract';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit } from '../audit/audit.repository.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { identityHash, type CertificateSigner } from './certificate-signing.ts';
import type { CertificateRepository, CertificateRow } from './certificates.repository.ts';

/** dd/MM/yyyy of a yyyy-mm-dd day. */
const dmy = (day: string) => day.split('-').reverse().join('/');
/** yyyy-mm-dd of the card's dd/MM/yyyy birth date, or null when it is not one. */
function birthDay(dob: string | null | undefined): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(dob?.trim() ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/** The one state rule (the contract's), under the name this module reads it by. */
export const stateOf = certificateState;

/** What the donor is told after staff act on their certificate (notifications). */
export type CertificateNotices = {
  used(
    userId: number,
    use: { serial: string; key: string; hospital: string; volumeMl: number; remainingMl: number },
  ): Promise<unknown>;
  revoked(userId: number, serial: string, reason: string): Promise<unknown>;
};

/** The reason a certificate gets when staff correct its DONE into another outcome. */
export const CORRECTION_REVOKE_REASON = 'Kết quả hiến máu đã được sửa';

export function createCertificateService(deps: {
  repo: CertificateRepository;
  signer: CertificateSigner;
  prefix: string;
  facility: string;
  publicUrl: string;
  clock: Clock;
  notices: CertificateNotices;
  logError: (err: unknown, msg: string) => void;
}) {
  const { repo, signer } = deps;

  const signedFields = (c: Pick<CertificateRow, 'serial' | 'donatedOn' | 'volumeMl' | 'identityHash'>) => ({
    serial: c.serial,
    donatedOn: c.donatedOn,
    volumeMl: c.volumeMl,
    identityHash: c.identityHash,
  });

  /** The QR code's link: the public page, with the signature after '#' (never sent to a server). */
  const verifyUrl = (c: CertificateRow) =>
    `${deps.publicUrl}${certificateVerifyPath(c.serial)}#${c.signature}`;

  return {
    verifyUrl,

    /**
     * Issues the certificate of a DONE appointment inside the transaction that records it, or
     * brings an existing one in line with a corrected volume or day (re-signed). A donor without a
     * verified name gets none (nothing trustworthy to print); returns the certificate or null.
     */
    async issueForDone(tx: Db, appointmentId: number): Promise<CertificateRow | null> {
      const d = await repo.donationToCertify(tx, appointmentId);
      if (!d || d.volumeMl == null || !d.fullName) return null;
      const donatedOn = vnDayOf(d.donatedAt ?? d.organizeTime);
      const existing = await repo.findByAppointment(tx, appointmentId);
      if (existing) {
        if (existing.volumeMl === d.volumeMl && existing.donatedOn === donatedOn) return existing;
        const fields = { ...signedFields(existing), volumeMl: d.volumeMl, donatedOn };
        const changed = {
          volumeMl: d.volumeMl,
          donatedOn,
          signature: signer.sign(fields),
          keyId: signer.keyId,
        };
        await repo.updateSigned(tx, existing.id, changed);
        return { ...existing, ...changed };
      }
      const year = Number(donatedOn.slice(0, 4));
      const serial = formatCertificateSerial(deps.prefix, year, await repo.nextSequence(tx, year));
      const birthDate = birthDay(d.dob);
      const hash = identityHash(d.fullName, birthDate ?? '');
      return repo.insert(tx, {
        serial,
        year,
        sequence: Number(serial.slice(-6)),
        appointmentId,
        userId: d.userId,
        donatedOn,
        volumeMl: d.volumeMl,
        fullName: d.fullName,
        birthDate,
        address: d.address ?? '',
        facility: deps.facility,
        identityHash: hash,
        signature: signer.sign({ serial, donatedOn, volumeMl: d.volumeMl, identityHash: hash }),
        keyId: signer.keyId,
      });
    },

    /**
     * What anyone may learn of a certificate: state, day, volume and what remains, facility,
     * masked name and birth year — and, given the link's signature, whether it matches.
     */
    async publicView(serial: string, signature?: string): Promise<TPublicCertificate> {
      const c = await repo.findBySerial(serial);
      if (!c) throw notFound(M.notFound);
      return {
        serial: c.serial,
        state: stateOf(c),
        donatedOn: c.donatedOn,
        volumeMl: c.volumeMl,
        remainingMl: Math.max(0, c.volumeMl - c.usedMl),
        facility: c.facility,
        maskedName: maskedName(c.fullName),
        birthYear: c.birthDate ? Number(c.birthDate.slice(0, 4)) : null,
        signatureValid: signature ? signer.verify(signedFields(c), signature) : null,
      };
    },

    /**
     * The PDF of a certificate, for its donor or for staff (whose download is audited with the
     * donor as subject). Anyone else is told it does not exist.
     */
    async pdf(
      serial: string,
      viewer: { userId: number; staff: Actor | null },
    ): Promise<{ serial: string; pdf: Buffer }> {
      const c = await repo.findBySerial(serial);
      const own = c !== undefined && c.userId === viewer.userId;
      if (!c || (!own && !viewer.staff)) throw notFound(M.notFound);
      if (!own && viewer.staff) await repo.auditView(viewer.staff, c, deps.clock.now());
      const state = stateOf(c);
      // PDFKit and its fonts load with the first certificate printed, not at start (ADR 37).
      const { renderCertificatePdf } = await import('./certificate-pdf.ts');
      const pdf = await renderCertificatePdf({
        serial: c.serial,
        fullName: c.fullName,
        birthDate: c.birthDate ? dmy(c.birthDate) : '—',
        address: c.address,
        facility: c.facility,
        donatedOn: dmy(c.donatedOn),
        volumeMl: c.volumeMl,
        verifyUrl: verifyUrl(c),
        stateLabel: state === 'VALID' ? null : CERTIFICATE_STATES[state],
      });
      return { serial: c.serial, pdf };
    },

    /**
     * Records a hospital's use of the entitlement (audited with the donor as subject; the donor is
     * notified); 409 when it exceeds what remains or the certificate is revoked.
     */
    async recordUse(actor: Actor, serial: string, use: { date: string; hospital: string; volumeMl: number }) {
      const c = await repo.findBySerial(serial);
      if (!c) throw notFound(M.notFound);
      if (c.revokedAt) throw conflict(M.revoked);
      const at = deps.clock.now();
      const r = await repo.addUse(
        c.id,
        { usedOn: use.date, hospital: use.hospital, volumeMl: use.volumeMl, recordedBy: actor.id },
        (tx, useId) =>
          audit(tx, actor, 'certificate.use', { type: 'certificate', id: c.id }, at, {
            subjectUserId: c.userId,
            detail: { useId, volumeMl: use.volumeMl },
          }),
      );
      if (!r.ok) throw conflict(M.useExceeds(r.remainingMl));
      if (c.userId)
        await deps.notices
          .used(c.userId, {
            serial: c.serial,
            key: String(r.useId),
            hospital: use.hospital,
            volumeMl: use.volumeMl,
            remainingMl: r.remainingMl,
          })
          .catch((err) => deps.logError(err, 'certificate use notice failed'));
      return { remainingMl: r.remainingMl };
    },

    /** Revokes a certificate recorded in error (audited, the donor notified); 409 when it already was. */
    async revoke(actor: Actor, serial: string, reason: string): Promise<void> {
      const c = await repo.findBySerial(serial);
      if (!c) throw notFound(M.notFound);
      const at = deps.clock.now();
      const done = await repo.revoke(null, c.id, reason, actor.id, at, (tx) =>
        audit(tx, actor, 'certificate.revoke', { type: 'certificate', id: c.id }, at, {
          subjectUserId: c.userId,
        }),
      );
      if (!done) throw conflict(M.alreadyRevoked);
      if (c.userId)
        await deps.notices
          .revoked(c.userId, c.serial, reason)
          .catch((err) => deps.logError(err, 'certificate revocation notice failed'));
    },

    /**
     * A DONE corrected into another outcome: its certificate, if any, is revoked in the same
     * transaction (the correction's own audit row says who and why). Returns the donor and serial
     * to notify after the commit, or null.
     */
    async revokeForCorrection(tx: Db, appointmentId: number, staffId: number) {
      const c = await repo.findByAppointment(tx, appointmentId);
      if (!c || c.revokedAt) return null;
      await repo.revoke(tx, c.id, CORRECTION_REVOKE_REASON, staffId, deps.clock.now());
      return c.userId ? { userId: c.userId, serial: c.serial } : null;
    },

    /** After the correction's commit: tells the donor. */
    async noticeRevokedForCorrection(r: { userId: number; serial: string } | null) {
      if (r)
        await deps.notices
          .revoked(r.userId, r.serial, CORRECTION_REVOKE_REASON)
          .catch((err) => deps.logError(err, 'certificate revocation notice failed'));
    },

    listForUser: (userId: number) => repo.listForUser(userId),

    /**
     * A donor's certificates for staff (the donor page), newest first, each with what remains and
     * its uses. Audited like the donor view, with the donor as subject.
     */
    async listForStaff(actor: Actor, userId: number): Promise<TAdminCertificate[]> {
      if (!(await repo.userExists(userId))) throw notFound(DONOR_ADMIN_MESSAGES.donorNotFound);
      const list = await repo.listForUser(userId);
      const uses = await repo.usesOf(list.map((c) => c.id));
      await repo.auditList(actor, userId, deps.clock.now());
      return list.reverse().map((c) => ({
        serial: c.serial,
        donatedOn: c.donatedOn,
        volumeMl: c.volumeMl,
        remainingMl: Math.max(0, c.volumeMl - c.usedMl),
        state: stateOf(c),
        revokeReason: c.revokeReason,
        uses: uses
          .filter((u) => u.certificateId === c.id)
          .map(({ usedOn, hospital, volumeMl }) => ({ usedOn, hospital, volumeMl })),
      }));
    },
    publishedKeys: () => signer.publishedKeys(deps.publicUrl),
  };
}
export type CertificateService = ReturnType<typeof createCertificateService>;
