import { usePageTitle } from '../../../lib/use-page-title';
import { BroadcastForm } from '../components/broadcast-form';
import { BroadcastHistory } from '../components/broadcast-history';
import { PageHeading } from '../components/console-ui';

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
