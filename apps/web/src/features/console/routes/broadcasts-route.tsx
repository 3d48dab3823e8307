import {
  BLOOD_GROUPS,
  BROADCAST_AUDIENCE_LABELS,
  BROADCAST_AUDIENCES,
  BROADCAST_STATUS_LABELS,
  CONTENT_MESSAGES,
  NOTIFICATION_TYPE_LABELS,
  ZBroadcastAudience,
  ZBroadcastRequest,
  type TBroadcastAudience,
  type TBroadcastAudienceKind,
} from '@giot-hong/contract';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { buttonPrimary } from '../../../components/ui/buttons';
import { LoadingView } from '../../../components/ui/loading-view';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { useProvinces } from '../../profile/api/get-provinces';
import { useAdminCampaigns } from '../api/get-admin-campaigns';
import { useAudienceCount, useBroadcasts, useSendBroadcast } from '../api/broadcasts';
import { PageHeading, cardClass, inputClass } from '../components/console-ui';
import { formatNewsTime, newIdempotencyKey } from '../lib/content-format';

const label = 'mb-1 block text-sm font-medium text-slate-700';

/** /quan-tri/thong-bao: a notification to an audience, its size before sending, then progress. */
export function Component() {
  usePageTitle('Gửi thông báo');
  return (
    <>
      <PageHeading title="Gửi thông báo" sub="Thông báo trong ứng dụng, kèm email nếu chọn." />
      <BroadcastForm />
      <BroadcastHistory />
    </>
  );
}

function BroadcastForm() {
  const ids = {
    kind: useId(),
    detail: useId(),
    type: useId(),
    title: useId(),
    content: useId(),
    link: useId(),
    email: useId(),
  };
  const [kind, setKind] = useState<TBroadcastAudienceKind>('ALL');
  const [detail, setDetail] = useState('');
  const [type, setType] = useState<1 | 2 | 3>(2);
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [link, setLink] = useState('');
  const [sendEmail, setSendEmail] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // One key per form: a double click or a retried request is the same broadcast.
  const [key, setKey] = useState(newIdempotencyKey);
  const send = useSendBroadcast();
  const provinces = useProvinces(kind === 'PROVINCE');
  const campaigns = useAdminCampaigns({ filter: 'upcoming', search: '' });

  const audienceInput = useMemo(() => {
    if (kind === 'BLOOD_GROUP') return { kind, bloodGroup: detail || undefined };
    if (kind === 'PROVINCE') return { kind, provinceCode: detail || undefined };
    if (kind === 'ELIGIBLE_FROM') return { kind, date: detail || undefined };
    if (kind === 'CAMPAIGN') return { kind, campaignId: detail ? Number(detail) : undefined };
    return { kind };
  }, [kind, detail]);
  const audience = ZBroadcastAudience.safeParse(audienceInput);
  const count = useAudienceCount(audience.success ? (audience.data as TBroadcastAudience) : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { idempotencyKey: key, type, title, content, link, sendEmail, audience: audienceInput };
    const parsed = ZBroadcastRequest.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues)
        next[i.path[0] === 'audience' ? 'detail' : String(i.path[0])] ??= i.message;
      setErrors(next);
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: (r) => {
        toast.success(r.message);
        setTitle('');
        setContent('');
        setLink('');
        setKey(newIdempotencyKey());
      },
      onError: (err) => toast.error(err instanceof ApiError ? err.message : 'Đã có lỗi xảy ra'),
    });
  };
  const err = (k: string, id: string) =>
    errors[k] ? (
      <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-brand-700">
        {errors[k]}
      </p>
    ) : null;
  const aria = (k: string, id: string) => ({
    'aria-invalid': Boolean(errors[k]),
    'aria-describedby': errors[k] ? `${id}-error` : undefined,
  });

  return (
    <form onSubmit={submit} noValidate className={`${cardClass} grid gap-4`} aria-label="Soạn thông báo">
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.kind} className={label}>
            Người nhận
          </label>
          <select
            id={ids.kind}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as TBroadcastAudienceKind);
              setDetail('');
            }}
            className={`${inputClass} min-h-11`}
          >
            {BROADCAST_AUDIENCES.map((k) => (
              <option key={k} value={k}>
                {BROADCAST_AUDIENCE_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        {kind !== 'ALL' && (
          <div>
            <label htmlFor={ids.detail} className={label}>
              {
                {
                  BLOOD_GROUP: 'Nhóm máu',
                  PROVINCE: 'Tỉnh/thành phố',
                  ELIGIBLE_FROM: 'Ngày',
                  CAMPAIGN: 'Chiến dịch',
                }[kind]
              }
            </label>
            {kind === 'ELIGIBLE_FROM' ? (
              <input
                id={ids.detail}
                type="date"
                value={detail}
                onChange={(e) => setDetail(e.target.value)}
                className={inputClass}
                {...aria('detail', ids.detail)}
              />
            ) : (
              <select
                id={ids.detail}
                value={detail}
                onChange={(e) => setDetail(e.target.value)}
                className={`${inputClass} min-h-11`}
                {...aria('detail', ids.detail)}
              >
                <option value="">Chọn…</option>
                {kind === 'BLOOD_GROUP' &&
                  BLOOD_GROUPS.map((g) => (
                    <option key={g} value={g}>
                      {g}
                    </option>
                  ))}
                {kind === 'PROVINCE' &&
                  (provinces.data ?? []).map((p) => (
                    <option key={p.code} value={p.code}>
                      {p.name}
                    </option>
                  ))}
                {kind === 'CAMPAIGN' &&
                  (campaigns.data?.items ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
              </select>
            )}
            {err('detail', ids.detail)}
          </div>
        )}
      </div>
      <p aria-live="polite" className="font-semibold text-slate-900">
        {!audience.success
          ? 'Chọn người nhận để xem số lượng.'
          : count.isPending
            ? 'Đang đếm người nhận…'
            : count.isError
              ? errorMessage(count.error)
              : count.data === 0
                ? CONTENT_MESSAGES.broadcastNoRecipients
                : `${count.data} người hiến máu sẽ nhận thông báo này.`}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.type} className={label}>
            Loại thông báo
          </label>
          <select
            id={ids.type}
            value={type}
            onChange={(e) => setType(Number(e.target.value) as 1 | 2 | 3)}
            className={`${inputClass} min-h-11`}
          >
            {Object.entries(NOTIFICATION_TYPE_LABELS).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.title} className={label}>
            Tiêu đề
          </label>
          <input
            id={ids.title}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={200}
            className={inputClass}
            {...aria('title', ids.title)}
          />
          {err('title', ids.title)}
        </div>
      </div>
      <div>
        <label htmlFor={ids.content} className={label}>
          Nội dung (HTML đơn giản được giữ lại sau khi làm sạch)
        </label>
        <textarea
          id={ids.content}
          rows={5}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          className={inputClass}
          {...aria('content', ids.content)}
        />
        {err('content', ids.content)}
      </div>
      <div>
        <label htmlFor={ids.link} className={label}>
          Liên kết (không bắt buộc)
        </label>
        <input
          id={ids.link}
          value={link}
          onChange={(e) => setLink(e.target.value)}
          placeholder="/tin-tuc/1 hoặc https://…"
          className={inputClass}
          {...aria('link', ids.link)}
        />
        {err('link', ids.link)}
      </div>
      <div className="flex items-start gap-2">
        <input
          id={ids.email}
          type="checkbox"
          checked={sendEmail}
          onChange={(e) => setSendEmail(e.target.checked)}
          className="mt-1 size-5"
        />
        <label htmlFor={ids.email} className="text-slate-800">
          Gửi kèm email (chỉ tới người đã đồng ý nhận email về sự kiện và tin tức)
        </label>
      </div>
      <div>
        <button type="submit" className={buttonPrimary} disabled={send.isPending || count.data === 0}>
          Gửi thông báo
        </button>
      </div>
    </form>
  );
}

const errorMessage = (e: unknown) => (e instanceof ApiError ? e.message : 'Đã có lỗi xảy ra');

function BroadcastHistory() {
  const list = useBroadcasts();
  if (list.isPending) return <LoadingView />;
  if (list.isError || list.data.length === 0) return null;
  return (
    <section aria-labelledby="broadcast-history" className="mt-6">
      <h2 id="broadcast-history" className="mb-2 text-lg font-semibold text-slate-900">
        Đã gửi gần đây
      </h2>
      <ul className="grid gap-3">
        {list.data.map((b) => (
          <li key={b.id} className={cardClass}>
            <p className="font-semibold break-words text-slate-900">{b.title}</p>
            <p className="text-sm text-slate-700">
              {formatNewsTime(b.createdAt)} · {BROADCAST_AUDIENCE_LABELS[b.audience.kind]} ·{' '}
              {BROADCAST_STATUS_LABELS[b.status]}
            </p>
            <label className="mt-2 block text-sm text-slate-700">
              Đã gửi {b.sent}/{b.total}
              {b.sendEmail && `, email ${b.emailed}`}
              <progress
                className="mt-1 block w-full"
                max={Math.max(b.total, 1)}
                value={b.status === 'DONE' ? Math.max(b.total, 1) : b.sent}
              />
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
