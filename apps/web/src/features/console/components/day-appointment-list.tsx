import {
  ANSWER_TEXTS,
  formatCount,
  vnClock,
  type TAdminAppointment,
  type TAdminDayPage,
} from '@giot-hong/contract';
import { TriangleAlert } from 'lucide-react';
import { memo, useEffect, useRef } from 'react';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { Pager } from '../../../components/ui/pager';
import { useProgressiveCount } from '../../../lib/use-progressive-count';
import { useWideScreen } from '../hooks/use-wide-screen';
import { formatShortTime } from '../lib/console-format';
import { adminStatusLabel, canCheckIn, canRecordOutcome, canScreen, hasOutcome } from '../lib/day-rules';
import { DonationFacts } from './donation-facts';

/** What a row's buttons do: stable functions (useCallback), so an unchanged row is not drawn again. */
export type RowActions = {
  onCheckIn: (a: TAdminAppointment) => void;
  onOutcome: (a: TAdminAppointment) => void;
  onScreening: (a: TAdminAppointment) => void;
  onAnswers: (a: TAdminAppointment) => void;
};
type RowProps = RowActions & { a: TAdminAppointment; busy: boolean };

/** The booked slot's start, HH:mm in Vietnam (the list is sorted by it). */
const slotOf = (a: TAdminAppointment) => (a.slotStart ? vnClock(a.slotStart) : '—');

function Flag({ a }: { a: TAdminAppointment }) {
  if (!a.hasYesAnswer) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      <TriangleAlert aria-hidden className="size-3.5" />
      {ANSWER_TEXTS.yesFlag}
    </span>
  );
}

function Actions({ a, onCheckIn, onOutcome, onScreening, onAnswers, busy }: RowProps) {
  const who = <span className="sr-only"> {a.fullName}</span>;
  return (
    <div className="flex flex-wrap gap-2">
      {canCheckIn(a.status) && (
        <button type="button" className={buttonPrimary} onClick={() => onCheckIn(a)} disabled={busy}>
          Check-in{who}
        </button>
      )}
      {canScreen(a.status) && (
        <button
          type="button"
          className={a.screening || hasOutcome(a.status) ? buttonSecondary : buttonPrimary}
          onClick={() => onScreening(a)}
        >
          Khám sàng lọc{who}
        </button>
      )}
      {canRecordOutcome(a.status) && (
        <button
          type="button"
          className={hasOutcome(a.status) ? buttonSecondary : buttonPrimary}
          onClick={() => onOutcome(a)}
        >
          {hasOutcome(a.status) ? 'Sửa kết quả' : 'Ghi kết quả'}
          {who}
        </button>
      )}
      <button type="button" className={buttonSecondary} onClick={() => onAnswers(a)}>
        Câu trả lời{who}
      </button>
    </div>
  );
}

/**
 * A donor's card on a phone; drawn again only when its row or its busy state changes. The cards off
 * screen are not laid out or painted until scrolled near (`content-visibility: auto`, about 18rem
 * each until then): the first view of a page of 50 lays out the few on screen (ADR 64).
 */
const DayCard = memo(function DayCard(props: RowProps) {
  const { a } = props;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 [contain-intrinsic-size:auto_18rem] [content-visibility:auto]">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold break-words text-slate-900">{a.fullName}</h3>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-800">
          {adminStatusLabel(a.status)}
        </span>
      </div>
      <dl className="mb-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-700">Khung giờ</dt>
        <dd className="text-slate-900">{slotOf(a)}</dd>
        <dt className="text-slate-700">Điện thoại</dt>
        <dd className="text-slate-900">{a.phone ?? '—'}</dd>
        <dt className="text-slate-700">Năm sinh</dt>
        <dd className="text-slate-900">{a.birthYear ?? '—'}</dd>
        <dt className="text-slate-700">Nhóm máu</dt>
        <dd className="text-slate-900">{a.bloodGroup || '—'}</dd>
        <dt className="text-slate-700">Check-in</dt>
        <dd className="text-slate-900">{formatShortTime(a.checkedInAt) || '—'}</dd>
      </dl>
      <div className="mb-3">
        <Flag a={a} />
      </div>
      <div className="mb-3">
        <DonationFacts a={a} />
      </div>
      <Actions {...props} />
    </li>
  );
});

/** A donor's row of the table (tablet and up); drawn again only when its row or busy state changes. */
const DayTableRow = memo(function DayTableRow(props: RowProps) {
  const { a } = props;
  return (
    <tr className="border-t border-slate-200 align-top">
      <td className="px-3 py-2">{slotOf(a)}</td>
      <th scope="row" className="px-3 py-2 font-semibold text-slate-900">
        <div className="flex flex-col items-start gap-1">
          {a.fullName}
          <Flag a={a} />
        </div>
      </th>
      <td className="px-3 py-2">{a.phone ?? '—'}</td>
      <td className="px-3 py-2">{a.birthYear ?? '—'}</td>
      <td className="px-3 py-2">{a.bloodGroup || '—'}</td>
      <td className="px-3 py-2">
        <div className="flex min-w-48 flex-col gap-1">
          {adminStatusLabel(a.status)}
          <DonationFacts a={a} />
        </div>
      </td>
      <td className="px-3 py-2">{formatShortTime(a.checkedInAt) || '—'}</td>
      <td className="px-3 py-2">
        <Actions {...props} />
      </td>
    </tr>
  );
});

/**
 * How many rows a page of the list draws in one commit: a phone's first screen and more (and a
 * tablet's), then the rest in the following tasks (useProgressiveCount).
 */
const ROWS_PER_COMMIT = 12;

/**
 * A page of the day's list, as the server sends it (DAY_LIST_PAGE_SIZE donors; the search and the
 * status filter run on the whole day there): cards on a phone, a table from the medium breakpoint
 * up, drawn ROWS_PER_COMMIT at a time. A new page moves the focus to the list's start, read from
 * the top, once it has arrived.
 */
export function DayAppointmentList({
  page,
  onPageChange,
  busyId,
  ...actions
}: RowActions & {
  page: TAdminDayPage;
  onPageChange: (page: number) => void;
  busyId: number | null;
}) {
  const wide = useWideScreen();
  const list = useRef<HTMLElement>(null);
  const moved = useRef(false);
  const { currentPage: current, totalPages, pageSize, totalItems } = page;
  const drawn = useProgressiveCount(page.data.length, ROWS_PER_COMMIT, current);
  const shown = page.data.length > drawn ? page.data.slice(0, drawn) : page.data;
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    list.current?.focus();
  }, [current]);
  const pager = (
    <Pager
      page={current}
      totalPages={totalPages}
      onPageChange={(p) => {
        moved.current = true;
        onPageChange(p);
      }}
    />
  );
  const range =
    totalPages > 1 ? (
      <p className="mb-2 text-sm text-slate-700" data-day-range>
        {`Người thứ ${current * pageSize + 1}–${current * pageSize + page.data.length} trong ${formatCount(totalItems)} người`}
      </p>
    ) : null;

  if (!wide)
    return (
      <>
        {range}
        <ul
          ref={(el) => void (list.current = el)}
          tabIndex={-1}
          aria-label="Người hiến máu"
          className="flex flex-col gap-3 rounded-xl"
        >
          {shown.map((a) => (
            <DayCard key={a.id} a={a} busy={busyId === a.id} {...actions} />
          ))}
        </ul>
        {pager}
      </>
    );
  return (
    <>
      {range}
      <div
        ref={(el) => void (list.current = el)}
        tabIndex={-1}
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Người hiến máu</caption>
          <thead className="bg-slate-50 text-slate-800">
            <tr>
              <th scope="col" className="px-3 py-2">
                Khung giờ
              </th>
              <th scope="col" className="px-3 py-2">
                Họ và tên
              </th>
              <th scope="col" className="px-3 py-2">
                Điện thoại
              </th>
              <th scope="col" className="px-3 py-2">
                Năm sinh
              </th>
              <th scope="col" className="px-3 py-2">
                Nhóm máu
              </th>
              <th scope="col" className="px-3 py-2">
                Trạng thái
              </th>
              <th scope="col" className="px-3 py-2">
                Check-in
              </th>
              <th scope="col" className="px-3 py-2">
                Thao tác
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((a) => (
              <DayTableRow key={a.id} a={a} busy={busyId === a.id} {...actions} />
            ))}
          </tbody>
        </table>
      </div>
      {pager}
    </>
  );
}
