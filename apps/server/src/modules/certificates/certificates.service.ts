import {
  CERTIFICATE_MESSAGES as M,
  CERTIFICATE_STATES,
  certificateVerifyPath,
  formatCertificateSerial,
  maskedName,
  vnDayOf,
  type TCertificateState,
  type TPublicCertificate,
} from '@giot-hong/contract';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';
import { identityHash, type CertificateSigner } from './certificate-signing.ts';
import type { CertificateRepository, CertificateRow, CertificateWithUse } from './certificates.repository.ts';

/** dd/MM/yyyy of a yyyy-mm-dd day. */
const dmy = (day: string) => day.split('-').reverse().join('/');
/** yyyy-mm-dd of the card's dd/MM/yyyy birth date, or null when it is not one. */
function birthDay(dob: string | null | undefined): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(dob?.trim() ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

export function stateOf(c: Pick<CertificateWithUse, 'revokedAt' | 'volumeMl' | 'usedMl'>): TCertificateState {
  if (c.revokedAt) return 'REVOKED';
  return c.usedMl >= c.volumeMl ? 'USED_UP' : 'VALID';
}

export function createCertificateService(deps: {
  repo: CertificateRepository;
  signer: CertificateSigner;
  prefix: string;
  facility: string;
  publicUrl: string;
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

    /** The PDF of a certificate; `mayRead` says whether the requester is its donor or staff. */
    async pdf(
      serial: string,
      mayRead: (c: CertificateRow) => boolean,
    ): Promise<{ serial: string; pdf: Buffer }> {
      const c = await repo.findBySerial(serial);
      // A certificate of someone else answers like one that does not exist.
      if (!c || !mayRead(c)) throw notFound(M.notFound);
      const state = stateOf(c);
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

    /** Records a hospital's use of the entitlement; 409 when it exceeds what remains or it is revoked. */
    async recordUse(
      serial: string,
      use: { date: string; hospital: string; volumeMl: number },
      staffId: number,
    ) {
      const c = await repo.findBySerial(serial);
      if (!c) throw notFound(M.notFound);
      if (c.revokedAt) throw conflict(M.revoked);
      const r = await repo.addUse(c.id, {
        usedOn: use.date,
        hospital: use.hospital,
        volumeMl: use.volumeMl,
        recordedBy: staffId,
      });
      if (!r.ok) throw conflict(M.useExceeds(r.remainingMl));
      return { certificate: c, remainingMl: r.remainingMl };
    },

    /** Revokes a certificate recorded in error; 409 when it already was. */
    async revoke(serial: string, reason: string, staffId: number, at: Date) {
      const c = await repo.findBySerial(serial);
      if (!c) throw notFound(M.notFound);
      if (!(await repo.revoke(c.id, reason, staffId, at))) throw conflict(M.alreadyRevoked);
      return c;
    },

    listForUser: (userId: number) => repo.listForUser(userId),
    publishedKeys: () => signer.publishedKeys(deps.publicUrl),
  };
}
export type CertificateService = ReturnType<typeof createCertificateService>;
