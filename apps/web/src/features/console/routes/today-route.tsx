import { usePageTitle } from '../../../lib/use-page-title';
import { PageHeading } from '../components/console-ui';
import { TodayCampaigns } from '../components/today-campaigns';

/** /quan-tri/ngay-hien-mau: the campaigns held today (then the next ones), each opening its day page. */
export function Component() {
  usePageTitle('Ngày hiến máu');
  return (
    <>
      <PageHeading title="Ngày hiến máu" sub="Chọn chiến dịch để check-in và ghi kết quả." />
      <TodayCampaigns />
    </>
  );
}
