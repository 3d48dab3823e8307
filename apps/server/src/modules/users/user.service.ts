import {
  DONOR_STATUS,
  extraIdKindFor,
  PROFILE_MESSAGES,
  ZDonorDetailRequest,
  type TDonorDetail,
  type TFullUserInfo,
} from '@giot-hong/contract';
import type { z } from 'zod';
import { reencodeImage } from '../../lib/image-upload.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { MAX_INPUT_PIXELS } from '../../idcard/image-input.ts';
import type { DonorProfileRow, UserRepository } from './user.repository.ts';
import { API, LIMITS } from '@giot-hong/contract';

type DetailInput = z.output<typeof ZDonorDetailRequest>;

const AVATAR_SIZE = 256;
/** Decompression-bomb guard: the ID-card upload's cap (see MAX_INPUT_PIXELS). */
export const AVATAR_MAX_INPUT_PIXELS = MAX_INPUT_PIXELS;
/** GIF frames are decoded whole (4 bytes a pixel, ~600 MB at the cap above): no photo is a GIF. */
export const AVATAR_MAX_GIF_PIXELS = 16_000_000;
const AVATAR_FORMATS = ['jpeg', 'png', 'webp', 'gif'];

/** Fields that only make sense for some jobs are dropped for the others. */
export function normaliseJobIds(
  jobName: string | null | undefined,
  studentId?: string | null,
  militaryId?: string | null,
) {
  const kind = extraIdKindFor(jobName);
  return {
    studentId: kind === 'student' ? studentId || null : null,
    militaryId: kind === 'military' ? militaryId || null : null,
  };
}

export function createUserService(deps: { repo: UserRepository; clock: Clock }) {
  const { repo, clock } = deps;

  async function toDetailRow(input: DetailInput) {
    // 'Tự do' (id 0) is the pickers' synthetic "no organization".
    const organizationId = input.organization_id ? input.organization_id : null;
    if (organizationId !== null && !(await repo.organizationExists(organizationId))) {
      throw badRequest(PROFILE_MESSAGES.organizationRequired);
    }
    const ids = normaliseJobIds(input.job_name, input.student_id, input.military_id);
    return {
      contactEmail: input.email || null,
      mobile: input.mobile ?? null,
      jobName: input.job_name ?? null,
      studentId: ids.studentId,
      militaryId: ids.militaryId,
      addressContact: input.address_contact ?? null,
      timeDonation: input.time_donation,
      bloodGroup: input.blood_group || null,
      organizationId,
    };
  }

  return {
    async status(userId: number): Promise<string> {
      const profile = await repo.findProfile(userId);
      return profile?.status ?? DONOR_STATUS.NONE;
    },

    async fullInfo(userId: number): Promise<TFullUserInfo> {
      const row = await repo.findWithProfile(userId);
      if (!row) throw notFound();
      const { user, profile: p, organizationName, avatarAt } = row;
      return {
        user_id: user.id,
        username: user.username,
        email: p?.contactEmail ?? user.email,
        mobile: p?.mobile ?? null,
        enable: user.enabled,
        status: p?.status ?? DONOR_STATUS.NONE,
        organization_id: p?.organizationId ?? null,
        organization_name: organizationName ?? null,
        job_name: p?.jobName ?? null,
        student_id: p?.studentId ?? null,
        military_id: p?.militaryId ?? null,
        address_contact: p?.addressContact ?? null,
        time_donation: p?.timeDonation ?? 0,
        blood_group: p?.bloodGroup ?? null,
        extract_id: p?.extractId ?? null,
        is_active: user.enabled,
        extract_status: p?.status ?? null,
        card_id: p?.cardId ?? null,
        full_name: p?.fullName ?? null,
        dob: p?.dob ?? null,
        gender: p?.gender ?? null,
        national: p?.nationality ?? null,
        ethnicity: p?.ethnicity ?? null,
        home: p?.home ?? null,
        address: p?.address ?? null,
        doe: p?.doe ?? null,
        issue_loc: p?.issueLoc ?? null,
        issue_date: p?.issueDate ?? null,
        // Versioned so a browser cache never shows the previous picture.
        avatar_url: avatarAt ? `${API.userAvatar}?v=${avatarAt.getTime()}` : null,
        lab_blood_group: p?.labBloodGroup ?? null,
        review_outcome: p?.reviewOutcome ?? null,
        review_reason: p?.reviewReason ?? null,
      };
    },

    async detail(userId: number): Promise<TDonorDetail | null> {
      const p = await repo.findProfile(userId);
      return p ? toDetailDto(p) : null;
    },

    async saveDetail(userId: number, input: DetailInput) {
      await repo.upsertDetail(userId, await toDetailRow(input), clock.now());
    },

    async acceptTerms(userId: number, termsVersion: string) {
      await repo.recordTerms(userId, termsVersion, clock.now());
    },

    /** Checks the upload by content, re-encodes it (which drops all metadata) and stores it. */
    async saveAvatar(userId: number, upload: Buffer) {
      const { webp } = await reencodeImage(
        upload,
        {
          maxBytes: LIMITS.imageMaxBytes,
          formats: AVATAR_FORMATS,
          maxPixels: AVATAR_MAX_INPUT_PIXELS,
          maxGifPixels: AVATAR_MAX_GIF_PIXELS,
        },
        {
          notImage: PROFILE_MESSAGES.avatarNotImage,
          tooLarge: PROFILE_MESSAGES.avatarTooLarge,
          tooManyPixels: PROFILE_MESSAGES.imageTooManyPixels,
        },
        { webp: (image) => image.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }) },
      );
      await repo.saveAvatar(userId, webp, 'image/webp', clock.now());
    },

    /** The donor's own picture, or null when none was uploaded yet. */
    async avatar(userId: number) {
      return (await repo.findAvatar(userId)) ?? null;
    },
  };
}

function toDetailDto(p: DonorProfileRow): TDonorDetail {
  return {
    email: p.contactEmail,
    mobile: p.mobile,
    job_name: p.jobName,
    student_id: p.studentId,
    military_id: p.militaryId,
    address_contact: p.addressContact,
    time_donation: p.timeDonation,
    blood_group: p.bloodGroup,
    organization_id: p.organizationId,
  };
}
