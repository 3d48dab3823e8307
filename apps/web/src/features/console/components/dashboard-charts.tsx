import {
  DASHBOARD_API,
  DASHBOARD_MESSAGES,
  dashboardTables,
  formatExportDay,
  ratePercent,
  toCsv,
  type TDashboard,
  type TExportTable,
} from '@giot-hong/contract';
import { Download } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { buttonSecondary } from '../../../components/ui/buttons';
import { saveDownload } from '../../../lib/save-download';
import { cardClass } from './console-ui';
import { ExportButtons } from './export-buttons';

const RED = '#be123c';
const SLATE = '#475569';
const AXIS = { fontSize: 12, fill: '#334155' };

/** dd/MM of a yyyy-mm-dd day. */
const dm = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
const dmy = formatExportDay;
const group = (g: string | null) => g ?? DASHBOARD_MESSAGES.unknownBloodGroup;

/** A cell of the table under a chart: days as dd/mm/yyyy, the rest as they are. */
const shown = (v: string | number | null, type: TExportTable['columns'][number]['type']) =>
  v === null ? '' : type === 'date' && typeof v === 'string' ? formatExportDay(v) : v;

/**
 * One figure: its title, the chart (one picture to screen readers, who get the table), the numbers
 * as a table behind 'Xem bảng số liệu' and as a CSV file.
 */
function ChartCard({
  id,
  title,
  summary,
  table,
  file,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  table: TExportTable;
  file: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={`${cardClass} flex min-w-0 flex-col gap-3`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <button
          type="button"
          className={`${buttonSecondary} px-3`}
          onClick={() => saveDownload(new Blob([toCsv(table)]), 'text/csv;charset=utf-8', file)}
        >
          <Download aria-hidden className="size-5" />
          Tải CSV<span className="sr-only">: {title}</span>
        </button>
      </div>
      <p className="text-sm text-slate-700">{summary}</p>
      {table.rows.length === 0 ? (
        <p className="text-slate-700">Không có số liệu trong khoảng thời gian này.</p>
      ) : (
        // The chart is a picture to screen readers (its numbers are in the table below), with no
        // focusable parts inside.
        <div role="img" aria-label={`${title}. ${summary}`} className="h-64 w-full">
          <ResponsiveContainer width="100%" height="100%">
            {children as ReactElement}
          </ResponsiveContainer>
        </div>
      )}
      <details>
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand-700">
          Xem bảng số liệu<span className="sr-only">: {title}</span>
        </summary>
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {table.columns.map((c) => (
                  <th
                    key={c.header}
                    scope="col"
                    className="border-b border-slate-300 px-2 py-1 font-semibold"
                  >
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r, i) => (
                <tr key={i} className="border-b border-slate-100">
                  {r.map((c, j) =>
                    j === 0 ? (
                      <th key={j} scope="row" className="px-2 py-1 font-normal">
                        {shown(c, table.columns[j]!.type)}
                      </th>
                    ) : (
                      <td key={j} className="px-2 py-1 tabular-nums">
                        {shown(c, table.columns[j]!.type)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

/** The dashboard's five figures, drawn with recharts (loaded with the console only). */
export function DashboardCharts({ data }: { data: TDashboard }) {
  const suffix = `${data.from}-den-${data.to}.csv`;
  const totalRegistrations = data.registrationsPerDay.reduce((s, r) => s + r.registrations, 0);
  const perDay = data.registrationsPerDay.map((r) => ({ ...r, label: dm(r.day) }));
  const groups = data.bloodGroups.map((g) => ({ ...g, label: group(g.bloodGroup) }));
  const units = data.unitsPerCampaign.map((u) => ({
    ...u,
    label: u.name.length > 18 ? `${u.name.slice(0, 17)}…` : u.name,
  }));
  const o = data.outcomes;
  const rates = [
    { label: 'Hoàn thành', count: o.done, rate: ratePercent(o.done, o.recorded) },
    { label: 'Tạm hoãn', count: o.deferred, rate: ratePercent(o.deferred, o.recorded) },
    { label: 'Vắng mặt', count: o.noShow, rate: ratePercent(o.noShow, o.recorded) },
  ];
  const weeks = data.newVerifiedDonorsPerWeek.map((w) => ({ ...w, label: dm(w.week) }));
  const tables = dashboardTables(data);
  const totalVerified = weeks.reduce((s, w) => s + w.donors, 0);

  return (
    <>
      <div className="mb-3 flex justify-end">
        <ExportButtons
          what={`số liệu từ ${dmy(data.from)} đến ${dmy(data.to)}`}
          xlsx={`${DASHBOARD_API.dashboardXlsx}?${new URLSearchParams({ from: data.from, to: data.to })}`}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          id="chart-registrations"
          title="Lượt đăng ký theo ngày"
          summary={`${totalRegistrations} lượt đăng ký từ ${dmy(data.from)} đến ${dmy(data.to)}.`}
          file={`dang-ky-theo-ngay-${suffix}`}
          table={tables.registrations}
        >
          <LineChart
            accessibilityLayer={false}
            data={perDay}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          >
            <CartesianGrid stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={AXIS} minTickGap={16} />
            <YAxis allowDecimals={false} tick={AXIS} />
            <Tooltip />
            <Line
              type="monotone"
              dataKey="registrations"
              name="Lượt đăng ký"
              stroke={RED}
              strokeWidth={2}
              dot={false}
            />
          </LineChart>
        </ChartCard>

        <ChartCard
          id="chart-blood-groups"
          title="Nhóm máu người đăng ký và người đã hiến"
          summary="Theo các chiến dịch diễn ra trong khoảng thời gian (mỗi người tính một lần)."
          file={`nhom-mau-${suffix}`}
          table={tables.bloodGroups}
        >
          <BarChart
            accessibilityLayer={false}
            data={groups}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          >
            <CartesianGrid stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={AXIS} />
            <YAxis allowDecimals={false} tick={AXIS} />
            <Tooltip />
            <Legend />
            <Bar dataKey="registrants" name="Người đăng ký" fill={SLATE} />
            <Bar dataKey="donors" name="Người đã hiến" fill={RED} />
          </BarChart>
        </ChartCard>

        <ChartCard
          id="chart-units"
          title="Đơn vị máu thu được so với mục tiêu"
          summary="Các chiến dịch diễn ra trong khoảng thời gian (không kể chiến dịch đã hủy)."
          file={`don-vi-mau-${suffix}`}
          table={tables.units}
        >
          <BarChart
            accessibilityLayer={false}
            data={units}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          >
            <CartesianGrid stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={AXIS} interval={0} />
            <YAxis allowDecimals={false} tick={AXIS} />
            <Tooltip />
            <Legend />
            <Bar dataKey="collected" name="Thu được" fill={RED} />
            <Bar dataKey="target" name="Mục tiêu" fill={SLATE} />
          </BarChart>
        </ChartCard>

        <ChartCard
          id="chart-outcomes"
          title="Tỷ lệ vắng mặt và tạm hoãn"
          summary={`${o.recorded} lượt đã ghi kết quả: vắng mặt ${ratePercent(o.noShow, o.recorded)}%, tạm hoãn ${ratePercent(o.deferred, o.recorded)}%.`}
          file={`ty-le-vang-mat-tam-hoan-${suffix}`}
          table={tables.outcomes}
        >
          <BarChart
            accessibilityLayer={false}
            data={rates}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          >
            <CartesianGrid stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={AXIS} />
            <YAxis unit="%" domain={[0, 100]} tick={AXIS} />
            <Tooltip />
            <Bar dataKey="rate" name="Tỷ lệ (%)" fill={RED} />
          </BarChart>
        </ChartCard>

        <ChartCard
          id="chart-verified"
          title="Người hiến mới được xác thực theo tuần"
          summary={`${totalVerified} người được xác thực danh tính (tuần bắt đầu thứ Hai).`}
          file={`xac-thuc-moi-theo-tuan-${suffix}`}
          table={tables.verified}
        >
          <BarChart
            accessibilityLayer={false}
            data={weeks}
            margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          >
            <CartesianGrid stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={AXIS} />
            <YAxis allowDecimals={false} tick={AXIS} />
            <Tooltip />
            <Bar dataKey="donors" name="Người hiến mới" fill={RED} />
          </BarChart>
        </ChartCard>
      </div>
    </>
  );
}
