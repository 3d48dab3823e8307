import {
  ErrorCode,
  PAGES,
  STAFF_MESSAGES as M,
  AUTH_SERVER_MESSAGES,
  type TAdminStaffInviteRequest,
  type TAdminStaffMember,
  type TUserRole,
} from '@giot-hong/contract';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, conflict, notFound } from '../../lib/http-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { hashPassword, randomToken, sha256 } from '../auth/auth.crypto.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Actor } from '../campaigns/campaign.admin.service.ts';
import type { StaffRepository } from './staff.repository.ts';

/** How long a set-password link of an invitation (or of `npm run staff:create`) stays valid. */
export const SET_PASSWORD_LINK_HOURS = 24;

/**
 * The link that lets a new staff member choose a password: the reset-password page with the
 * e-mail and a single-use token in the fragment (never sent to a server, so never in a log).
 */
export function setPasswordLink(publicUrl: string, email: string, token: string) {
  const fragment = new URLSearchParams({ email, token }).toString();
  return `${publicUrl}${PAGES.resetPassword}#${fragment}`;
}

export function createStaffService(deps: {
  repo: StaffRepository;
  clock: Clock;
  /** Needed by `invite` only (the command line prints its link instead). */
  mailer?: Mailer;
  publicUrl: string;
}) {
  const { repo, clock } = deps;

  /** Creates a staff account with no usable password and returns its set-password link. */
  async function createAccount(input: TAdminStaffInviteRequest, actor: Actor | null) {
    const taken = await repo.taken(input.username, input.email);
    if (taken.username) throw conflict(AUTH_SERVER_MESSAGES.usernameTaken);
    if (taken.email) throw conflict(M.emailTaken);
    const now = clock.now();
    const token = randomToken();
    // A password nobody knows: the account is usable only after the link sets one.
    const passwordHash = await hashPassword(randomToken());
    const id = await repo.transaction(async (tx) => {
      const id = await repo.insert(tx, {
        username: input.username,
        email: input.email,
        role: input.role,
        passwordHash,
        now,
      });
      await repo.insertSetPasswordToken(
        tx,
        id,
        sha256(token),
        new Date(now.getTime() + SET_PASSWORD_LINK_HOURS * 3_600_000),
        now,
      );
      if (actor)
        await recordAudit(
          tx,
          {
            actor,
            action: 'staff.invite',
            target: { type: 'user', id },
            requestId: actor.requestId,
            detail: { role: input.role },
          },
          now,
        );
      return id;
    });
    return { id, link: setPasswordLink(deps.publicUrl, input.email, token) };
  }

  async function memberOrThrow(id: number) {
    const row = await repo.find(id);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  const toMember = (r: Awaited<ReturnType<StaffRepository['list']>>[number]): TAdminStaffMember => ({
    id: r.id,
    username: r.username,
    email: r.email,
    role: r.role,
    enabled: r.enabled,
    lastLoginAt: r.lastLoginAt ? new Date(r.lastLoginAt).toISOString() : null,
  });

  async function member(id: number) {
    const row = (await repo.list()).find((r) => r.id === id);
    if (!row) throw notFound(M.notFound);
    return toMember(row);
  }

  return {
    createAccount,

    list: async () => (await repo.list()).map(toMember),

    /** ADMIN invites a staff member: the account and a 24 h set-password link sent by e-mail. */
    async invite(actor: Actor, input: TAdminStaffInviteRequest) {
      if (!deps.mailer) throw new Error('invite needs a mailer');
      const { id, link } = await createAccount(input, actor);
      await deps.mailer.send({
        to: input.email,
        subject: M.inviteSubject,
        text: `Xin chào ${input.username},\n\nBạn được mời tham gia quản trị cổng hiến máu Giọt Hồng. Hãy đặt mật khẩu cho tài khoản của bạn trong vòng ${SET_PASSWORD_LINK_HOURS} giờ:\n${link}\n\nGiọt Hồng`,
        html: `<p>Xin chào ${input.username.replace(/[<>&"']/g, '')},</p><p>Bạn được mời tham gia quản trị cổng hiến máu Giọt Hồng. Hãy đặt mật khẩu cho tài khoản của bạn trong vòng ${SET_PASSWORD_LINK_HOURS} giờ:</p><p><a href="${link}">Đặt mật khẩu</a></p><p>Giọt Hồng</p>`,
        devLinks: [link],
      });
      return member(id);
    },

    async setRole(actor: Actor, id: number, role: TUserRole) {
      if (id === actor.id) throw new HttpError(ErrorCode.FORBIDDEN, M.notSelf);
      await memberOrThrow(id);
      const now = clock.now();
      await repo.transaction(async (tx) => {
        await repo.setRole(tx, id, role, now);
        await recordAudit(
          tx,
          {
            actor,
            action: 'staff.role',
            target: { type: 'user', id },
            requestId: actor.requestId,
            detail: { role },
          },
          now,
        );
      });
      return member(id);
    },

    async deactivate(actor: Actor, id: number) {
      if (id === actor.id) throw new HttpError(ErrorCode.FORBIDDEN, M.notSelf);
      await memberOrThrow(id);
      const now = clock.now();
      await repo.transaction(async (tx) => {
        await repo.deactivate(tx, id, now);
        await recordAudit(
          tx,
          { actor, action: 'staff.deactivate', target: { type: 'user', id }, requestId: actor.requestId },
          now,
        );
      });
      return member(id);
    },
  };
}
export type StaffService = ReturnType<typeof createStaffService>;
