import {
  ErrorCode,
  PAGES,
  SECOND_FACTOR_MESSAGES,
  STAFF_MESSAGES as M,
  AUTH_SERVER_MESSAGES,
  STAFF_PERMISSIONS,
  type TStaffPermission,
  type TAdminStaffInviteRequest,
  type TAdminStaffMember,
  type TStaffRole,
} from '@giot-hong/contract';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, conflict, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { hashPassword } from '../auth/auth.crypto.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { audit, type AuditActor } from '../audit/audit.repository.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Tx } from '../../db/client.ts';
import { invitationMail } from './staff.mails.ts';
import type { StaffRepository, StaffRow } from './staff.repository.ts';

/** How long a set-password link of an invitation (or of `npm run staff:create`) stays valid. */
export const SET_PASSWORD_LINK_HOURS = 24;

/**
 * Who changes staff accounts: an ADMIN through the API, or null for the command line
 * (`npm run staff:create`), whose audit rows have no actor id and the role 'CLI'.
 */
export type StaffActor = Actor | null;
/** The command line (`npm run staff:create`) has no account: its rows name the role 'CLI'. */
const actorOrCli = (actor: StaffActor): AuditActor => actor ?? { id: null, role: 'CLI' };

/**
 * The link that lets a new staff member choose a password: the staff welcome page (it shows the
 * username they will log in with) with the e-mail and a single-use token in the fragment (never
 * sent to a server by the browser, so never in a log).
 */
export function setPasswordLink(publicUrl: string, email: string, token: string) {
  const fragment = new URLSearchParams({ email, token }).toString();
  return `${publicUrl}${PAGES.staffWelcome}#${fragment}`;
}

const toMember = (r: StaffRow): TAdminStaffMember => ({
  id: r.id,
  username: r.username,
  email: r.email,
  role: r.role === 'ADMIN' ? 'ADMIN' : 'STAFF',
  enabled: r.enabled,
  state: !r.enabled ? 'locked' : r.invited ? 'invited' : 'active',
  secondFactor: r.secondFactor,
  lastLoginAt: r.lastLoginAt ? new Date(r.lastLoginAt).toISOString() : null,
  permissions: knownPermissions(r.permissions),
});

/** The stored permissions this server knows (a row written by a newer server is left out). */
export const knownPermissions = (stored: readonly string[]): TStaffPermission[] =>
  STAFF_PERMISSIONS.filter((p) => stored.includes(p));

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function createStaffService(deps: {
  repo: StaffRepository;
  clock: Clock;
  /** Needed by `invite` and `resendInvitation` only (the command line prints its link instead). */
  mailer?: Mailer;
  publicUrl: string;
}) {
  const { repo, clock } = deps;

  /** A new token for the account's invitation (the one before stops working) and its link. */
  async function newInvitation(tx: Tx, userId: number, email: string, now: Date) {
    const token = randomToken();
    const expiresAt = new Date(now.getTime() + SET_PASSWORD_LINK_HOURS * 3_600_000);
    await repo.replaceInvitation(tx, userId, sha256(token), expiresAt, now);
    return setPasswordLink(deps.publicUrl, email, token);
  }

  /** The staff account `id` inside the transaction, or 404 (a donor's account is not one). */
  async function staffOrThrow(tx: Tx, id: number) {
    const row = await repo.findStaff(id, tx);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  const isActiveAdmin = (r: StaffRow) => r.role === 'ADMIN' && r.enabled && !r.invited;

  /**
   * A staff change that may take away an ADMIN who can log in: under the staff-changes lock, and
   * refused (409) when that ADMIN is the last one. Two ADMINs demoting each other at once: the
   * second is counted after the first has committed, and refused.
   */
  async function assertNotLastAdmin(tx: Tx, target: StaffRow) {
    if (isActiveAdmin(target) && (await repo.countActiveAdmins(tx, target.id)) === 0) {
      throw new HttpError(ErrorCode.CONFLICT, M.lastAdmin);
    }
  }

  async function memberOrThrow(id: number) {
    const row = await repo.findStaff(id);
    if (!row) throw notFound(M.notFound);
    return toMember(row);
  }

  /** An ADMIN changing their own account through these routes could lock everyone out. */
  const refuseSelf = (actor: StaffActor, id: number, message: string = M.notSelf) => {
    if (actor && actor.id === id) throw new HttpError(ErrorCode.FORBIDDEN, message);
  };

  /**
   * Creates a staff account with no usable password and returns its set-password link. The same
   * e-mail and username of an account still invited (its password never set) is invited again: a
   * new link replaces the old one, with the role asked now. Any other taken name or e-mail is 409.
   */
  async function createAccount(input: TAdminStaffInviteRequest, actor: StaffActor) {
    const holders = await repo.holders(input.username, input.email);
    const again = holders.find(
      (h) =>
        sameText(h.username, input.username) &&
        sameText(h.email, input.email) &&
        h.invited &&
        h.role !== 'DONOR',
    );
    if (!again) {
      if (holders.some((h) => sameText(h.username, input.username)))
        throw conflict(AUTH_SERVER_MESSAGES.usernameTaken);
      if (holders.length > 0) throw conflict(M.emailTaken);
    }
    const now = clock.now();
    // A new account gets a password nobody knows: it is usable only after the link sets one.
    const passwordHash = again ? undefined : await hashPassword(randomToken());
    return repo.transaction(async (tx) => {
      let id: number;
      if (again) {
        id = again.id;
        if (again.role !== input.role) await repo.setRole(tx, id, input.role, now);
      } else {
        id = await repo.insert(tx, {
          username: input.username,
          email: input.email,
          role: input.role,
          passwordHash: passwordHash!,
          now,
        });
      }
      const link = await newInvitation(tx, id, input.email, now);
      await audit(
        tx,
        actorOrCli(actor),
        again ? 'staff.reinvite' : 'staff.invite',
        { type: 'user', id },
        now,
        { detail: { role: input.role } },
      );
      return { id, link, reinvited: Boolean(again) };
    });
  }

  /** Forgets a staff member's authenticator (audited); refuses the caller's own and donors' accounts. */
  async function resetSecondFactor(actor: StaffActor, id: number) {
    refuseSelf(actor, id, SECOND_FACTOR_MESSAGES.resetNotSelf);
    const now = clock.now();
    await repo.transaction(async (tx) => {
      await staffOrThrow(tx, id);
      const hadFactor = await repo.resetSecondFactor(tx, id, now);
      await audit(tx, actorOrCli(actor), 'staff.second-factor.reset', { type: 'user', id }, now, {
        detail: { hadFactor },
      });
    });
    return memberOrThrow(id);
  }

  return {
    createAccount,

    list: async () => (await repo.list()).map(toMember),

    /** ADMIN invites a staff member (or invites again): the account and a 24 h set-password link by e-mail. */
    async invite(actor: Actor, input: TAdminStaffInviteRequest) {
      if (!deps.mailer) throw new Error('invite needs a mailer');
      const { id, link, reinvited } = await createAccount(input, actor);
      await deps.mailer.send(invitationMail(input.email, input.username, link, SET_PASSWORD_LINK_HOURS));
      return { member: await memberOrThrow(id), reinvited };
    },

    /** A new set-password link for an account still invited; the link before stops working. */
    async resendInvitation(actor: Actor, id: number) {
      if (!deps.mailer) throw new Error('resendInvitation needs a mailer');
      const now = clock.now();
      const { link, member } = await repo.transaction(async (tx) => {
        const member = await staffOrThrow(tx, id);
        if (!member.invited) throw conflict(M.notInvited);
        const link = await newInvitation(tx, id, member.email, now);
        await audit(tx, actor, 'staff.reinvite', { type: 'user', id }, now, {
          detail: { role: member.role },
        });
        return { link, member };
      });
      await deps.mailer.send(invitationMail(member.email, member.username, link, SET_PASSWORD_LINK_HOURS));
      return memberOrThrow(id);
    },

    /**
     * An account's own permissions (STAFF_PERMISSIONS), replaced as a whole. A staff account only;
     * an ADMIN holds every permission whatever is stored, so theirs may be set but change nothing.
     */
    async setPermissions(actor: Actor, id: number, permissions: TStaffPermission[]) {
      const now = clock.now();
      await repo.transaction(async (tx) => {
        await staffOrThrow(tx, id);
        await repo.setPermissions(tx, id, permissions, actor.id, now);
        await audit(tx, actor, 'staff.permissions', { type: 'user', id }, now, {
          detail: { permissions: permissions.join(',') },
        });
      });
      return { permissions: (await memberOrThrow(id)).permissions };
    },

    /** Staff accounts only, staff roles only; never the caller's own, never the last active ADMIN. */
    async setRole(actor: Actor, id: number, role: TStaffRole) {
      refuseSelf(actor, id);
      const now = clock.now();
      await repo.transaction(async (tx) => {
        await repo.lockStaffChanges(tx);
        const target = await staffOrThrow(tx, id);
        if (target.role === role) return;
        if (role !== 'ADMIN') await assertNotLastAdmin(tx, target);
        await repo.setRole(tx, id, role, now);
        await audit(tx, actor, 'staff.role', { type: 'user', id }, now, { detail: { role } });
      });
      return memberOrThrow(id);
    },

    /** Staff accounts only; never the caller's own, never the last active ADMIN. Ends its logins. */
    async deactivate(actor: Actor, id: number) {
      refuseSelf(actor, id);
      const now = clock.now();
      await repo.transaction(async (tx) => {
        await repo.lockStaffChanges(tx);
        const target = await staffOrThrow(tx, id);
        if (!target.enabled) return;
        await assertNotLastAdmin(tx, target);
        await repo.deactivate(tx, id, now);
        await audit(tx, actor, 'staff.deactivate', { type: 'user', id }, now);
      });
      return memberOrThrow(id);
    },

    /** Unlocks a locked staff account (audited); a second unlock changes nothing. */
    async reactivate(actor: Actor, id: number) {
      refuseSelf(actor, id);
      const now = clock.now();
      await repo.transaction(async (tx) => {
        const target = await staffOrThrow(tx, id);
        if (target.enabled) return;
        await repo.reactivate(tx, id, now);
        await audit(tx, actor, 'staff.reactivate', { type: 'user', id }, now);
      });
      return memberOrThrow(id);
    },

    resetSecondFactor,

    /** The command line's reset (`npm run staff:create -- --reset-2fa --username …`). */
    async resetSecondFactorOf(username: string) {
      const row = await repo.findStaffByUsername(username);
      if (!row) throw notFound(M.notFound);
      return resetSecondFactor(null, row.id);
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
