import {
  APPOINTMENT_STATUS_LABELS,
  auditActionLabel,
  CONSENT_TEXTS,
  STAFF_ROLE_LABELS,
  type TConsentPurpose,
} from '@giot-hong/contract';
import type { Zippable } from 'fflate';
import { formatVnDate } from '../../lib/vn-time.ts';
import type { SealedBox } from '../../lib/sealed-box.ts';
import type { DataRightsRepository } from './data-rights.repository.ts';
import { escapeHtml } from '../../mail/templates.ts';

/**
 * The ZIP of 'Tải dữ liệu của tôi': `du-lieu.json` (everything held about the donor, machine
 * readable), `tom-tat.html` (the same, readable, in Vietnamese) and the pictures we still hold
 * (ID-card sides while retained, avatar). Secrets (password hash, token hashes) are not the
 * donor's data and are left out.
 */

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Vietnam time, day and minute: 22/11/2026 09:00. */
function vnDateTime(d: Date | null | undefined): string {
  if (!d) return '—';
  const v = new Date(d.getTime() + 7 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${formatVnDate(d)} ${p(v.getUTCHours())}:${p(v.getUTCMinutes())}`;
}

export async function buildExportArchive(
  repo: DataRightsRepository,
  box: SealedBox,
  userId: number,
  at: Date,
  /** Other modules' parts (the donation record with checks and certificates, honours), as they are. */
  extras: Record<string, unknown> = {},
): Promise<Buffer | undefined> {
  const user = await repo.user(userId);
  if (!user) return undefined;
  const [profileRow, extracts, avatar, appts, feedback, notes, consentRows, views, deletion] =
    await Promise.all([
      repo.profile(userId),
      repo.extracts(userId),
      repo.avatar(userId),
      repo.appointments(userId),
      repo.feedbackOf(userId),
      repo.notificationsOf(userId),
      repo.allConsents(userId),
      repo.viewsOf(userId, 10_000),
      repo.liveDeletion(userId),
    ]);
  const answerRows = await repo.answersOf(appts.map((a) => a.appointment.id));

  const files: Zippable = {};
  const images: { file: string; what: string }[] = [];
  for (const x of extracts) {
    for (const [side, sealed] of [
      ['truoc', x.frontImage],
      ['sau', x.backImage],
    ] as const) {
      if (!sealed) continue;
      const file = `anh/can-cuoc-${x.id}-mat-${side}.jpg`;
      files[file] = new Uint8Array(box.open(sealed));
      images.push({
        file,
        what: `Ảnh mặt ${side === 'truoc' ? 'trước' : 'sau'} căn cước (lần tải lên ${vnDateTime(x.createdAt)})`,
      });
    }
  }
  if (avatar) {
    const file = `anh/anh-dai-dien.${avatar.mimeType === 'image/webp' ? 'webp' : 'img'}`;
    files[file] = new Uint8Array(avatar.content);
    images.push({ file, what: 'Ảnh đại diện' });
  }

  const p = profileRow?.profile;
  const data = {
    exportedAt: at.toISOString(),
    account: {
      id: user.id,
      username: user.username,
      email: user.email,
      role: user.role,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      createdAt: iso(user.createdAt),
      passwordChangedAt: iso(user.passwordChangedAt),
    },
    donorProfile: p
      ? {
          status: p.status,
          contactEmail: p.contactEmail,
          mobile: p.mobile,
          jobName: p.jobName,
          studentId: p.studentId,
          militaryId: p.militaryId,
          addressContact: p.addressContact,
          bloodGroup: p.bloodGroup,
          timeDonation: p.timeDonation,
          organization: profileRow?.organization ?? null,
          verifiedAt: iso(p.verifiedAt),
          termsVersion: p.termsVersion,
          termsAcceptedAt: iso(p.termsAcceptedAt),
        }
      : null,
    identity: p
      ? {
          cardId: p.cardId,
          fullName: p.fullName,
          dob: p.dob,
          gender: p.gender,
          nationality: p.nationality,
          ethnicity: p.ethnicity,
          home: p.home,
          address: p.address,
          doe: p.doe,
          issueLoc: p.issueLoc,
          issueDate: p.issueDate,
        }
      : null,
    idCardExtracts: extracts.map((x) => ({
      id: x.id,
      status: x.status,
      frontFields: x.frontFields,
      backFields: x.backFields,
      merged: x.merged,
      createdAt: iso(x.createdAt),
      confirmedAt: iso(x.confirmedAt),
      imagesDeletedAt: iso(x.imagesDeletedAt),
      images: images.filter((i) => i.file.includes(`-${x.id}-`)).map((i) => i.file),
    })),
    appointments: appts.map(({ appointment: a, campaign: c }) => ({
      id: a.id,
      campaign: { id: a.campaignId, name: c.name, location: c.location, organizeTime: iso(c.organizeTime) },
      status: a.status,
      createdAt: iso(a.createdAt),
      cancelledAt: iso(a.cancelledAt),
      checkedInAt: iso(a.checkedInAt),
      outcome: {
        donatedAt: iso(a.donatedAt),
        donationType: a.donationType,
        volumeMl: a.volumeMl,
        deferralReason: a.deferralReason,
        deferralText: a.deferralText,
        deferredUntil: iso(a.deferredUntil),
        recordedAt: iso(a.outcomeAt),
      },
      answers: answerRows
        .filter((r) => r.appointmentId === a.id)
        .map((r) => ({ question: r.question, answer: r.answer, detail: r.detail })),
      feedback: feedback
        .filter((f) => f.appointmentId === a.id)
        .map((f) => ({ message: f.message, createdAt: iso(f.createdAt) })),
    })),
    notifications: notes.map((n) => ({
      id: n.id,
      type: n.type,
      title: n.title,
      content: n.content,
      link: n.link,
      read: n.status,
      createdAt: iso(n.createdAt),
    })),
    consents: consentRows.map((c) => ({
      purpose: c.purpose,
      version: c.version,
      givenAt: iso(c.givenAt),
      withdrawnAt: iso(c.withdrawnAt),
    })),
    staffViews: views.map((v) => ({ at: iso(v.at), action: v.action, role: v.role })),
    deletionRequest: deletion
      ? {
          requestedAt: iso(deletion.requestedAt),
          confirmedAt: iso(deletion.confirmedAt),
          eraseAfter: iso(deletion.eraseAfter),
        }
      : null,
    images: images.map((i) => i.file),
    ...extras,
  };
  // The zip library loads with the first export, not with the server.
  const { strToU8, zipSync } = await import('fflate');
  files['du-lieu.json'] = strToU8(JSON.stringify(data, null, 2));
  files['tom-tat.html'] = strToU8(summaryHtml(data, images));
  return Buffer.from(zipSync(files, { level: 6, mtime: at }));
}

type ExportData = {
  exportedAt: string;
  account: { username: string; email: string; createdAt: string | null };
  donorProfile: Record<string, unknown> | null;
  identity: Record<string, unknown> | null;
  appointments: {
    campaign: { name: string; location: string; organizeTime: string | null };
    status: string;
    outcome: {
      donationType: string | null;
      volumeMl: number | null;
      deferralReason: string | null;
      deferredUntil: string | null;
    };
    answers: { question: string; answer: boolean; detail: string | null }[];
  }[];
  notifications: { title: string; createdAt: string | null }[];
  consents: { purpose: string; version: string; givenAt: string | null; withdrawnAt: string | null }[];
  staffViews: { at: string | null; action: string; role: string }[];
};

const PROFILE_LABELS: Record<string, string> = {
  status: 'Trạng thái xác thực',
  contactEmail: 'Email liên hệ',
  mobile: 'Số điện thoại',
  jobName: 'Nghề nghiệp',
  studentId: 'Mã số sinh viên',
  militaryId: 'Số quân nhân',
  addressContact: 'Địa chỉ liên hệ',
  bloodGroup: 'Nhóm máu',
  timeDonation: 'Số lần đã hiến máu',
  organization: 'Đơn vị',
  cardId: 'Số căn cước công dân',
  fullName: 'Họ và tên',
  dob: 'Ngày sinh',
  gender: 'Giới tính',
  nationality: 'Quốc tịch',
  ethnicity: 'Dân tộc',
  home: 'Quê quán',
  address: 'Nơi thường trú',
  doe: 'Có giá trị đến',
  issueLoc: 'Nơi cấp',
  issueDate: 'Ngày cấp',
};

function table(rows: [string, unknown][]): string {
  const body = rows
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(String(v))}</td></tr>`)
    .join('');
  return body ? `<table>${body}</table>` : '<p>Không có dữ liệu.</p>';
}

const when = (s: string | null) => (s ? vnDateTime(new Date(s)) : '—');

function summaryHtml(d: ExportData, images: { file: string; what: string }[]): string {
  const section = (title: string, body: string) => `<section><h2>${escapeHtml(title)}</h2>${body}</section>`;
  const fields = (o: Record<string, unknown> | null) =>
    o
      ? table(
          Object.entries(o)
            .filter(([k]) => PROFILE_LABELS[k])
            .map(([k, v]) => [PROFILE_LABELS[k]!, v]),
        )
      : '<p>Không có dữ liệu.</p>';
  const appointments = d.appointments.length
    ? d.appointments
        .map(
          (a) =>
            `<article><h3>${escapeHtml(a.campaign.name)} — ${escapeHtml(when(a.campaign.organizeTime))}</h3>${table(
              [
                ['Địa điểm', a.campaign.location],
                [
                  'Trạng thái',
                  APPOINTMENT_STATUS_LABELS[a.status as keyof typeof APPOINTMENT_STATUS_LABELS] ?? a.status,
                ],
                ['Hình thức hiến', a.outcome.donationType],
                ['Thể tích (ml)', a.outcome.volumeMl],
                ['Lý do tạm hoãn', a.outcome.deferralReason],
                ['Tạm hoãn đến', a.outcome.deferredUntil ? when(a.outcome.deferredUntil) : null],
              ],
            )}${
              a.answers.length
                ? `<h4>Câu trả lời phiếu câu hỏi sức khỏe</h4><ol>${a.answers
                    .map(
                      (x) =>
                        `<li>${escapeHtml(x.question)}: <strong>${x.answer ? 'Có' : 'Không'}</strong>${x.detail ? ` — ${escapeHtml(x.detail)}` : ''}</li>`,
                    )
                    .join('')}</ol>`
                : ''
            }</article>`,
        )
        .join('')
    : '<p>Chưa có lịch hẹn nào.</p>';
  const consents = d.consents.length
    ? `<ul>${d.consents
        .map(
          (c) =>
            `<li>${escapeHtml(CONSENT_TEXTS[c.purpose as TConsentPurpose]?.title ?? c.purpose)} (phiên bản ${escapeHtml(c.version)}): đồng ý lúc ${escapeHtml(when(c.givenAt))}${c.withdrawnAt ? `, rút lại lúc ${escapeHtml(when(c.withdrawnAt))}` : ''}</li>`,
        )
        .join('')}</ul>`
    : '<p>Không có.</p>';
  const views = d.staffViews.length
    ? `<ul>${d.staffViews
        .map(
          (v) =>
            `<li>${escapeHtml(when(v.at))}: ${escapeHtml(auditActionLabel(v.action))} (${escapeHtml(STAFF_ROLE_LABELS[v.role] ?? v.role)})</li>`,
        )
        .join('')}</ul>`
    : '<p>Chưa có cán bộ nào xem dữ liệu của bạn.</p>';
  const notes = d.notifications.length
    ? `<ul>${d.notifications.map((n) => `<li>${escapeHtml(when(n.createdAt))}: ${escapeHtml(n.title)}</li>`).join('')}</ul>`
    : '<p>Không có thông báo.</p>';
  const pictures = images.length
    ? `<ul>${images.map((i) => `<li><a href="${escapeHtml(i.file)}">${escapeHtml(i.what)}</a></li>`).join('')}</ul>`
    : '<p>Không còn ảnh nào được lưu.</p>';
  return `<!doctype html>
<html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dữ liệu của bạn trên Giọt Hồng</title>
<style>body{font-family:Arial,Helvetica,sans-serif;max-width:760px;margin:0 auto;padding:16px;color:#0f172a;line-height:1.5}h1{color:#c8102e}th{text-align:left;padding:4px 12px 4px 0;vertical-align:top;color:#475569;font-weight:normal}td{padding:4px 0}section{border-top:1px solid #e2e8f0;margin-top:16px}</style>
</head><body>
<h1>Dữ liệu của bạn trên Giọt Hồng</h1>
<p>Tệp này được tạo lúc ${escapeHtml(when(d.exportedAt))} theo yêu cầu của bạn. Bản đầy đủ, dạng máy đọc được, nằm trong tệp <code>du-lieu.json</code> cùng thư mục.</p>
${section(
  'Tài khoản',
  table([
    ['Tên đăng nhập', d.account.username],
    ['Email', d.account.email],
    ['Ngày tạo', when(d.account.createdAt)],
  ]),
)}
${section('Hồ sơ người hiến máu', fields(d.donorProfile))}
${section('Thông tin căn cước công dân', fields(d.identity))}
${section('Ảnh đang được lưu', pictures)}
${section('Lịch hẹn, kết quả và câu trả lời', appointments)}
${section('Các đồng ý của bạn', consents)}
${section('Ai đã xem dữ liệu của bạn', views)}
${section('Thông báo', notes)}
</body></html>`;
}
