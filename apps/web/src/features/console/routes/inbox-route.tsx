import { InboxMessage } from '../components/inbox-message';
import {
  INBOX_KIND_LABELS,
  INBOX_STATUS_LABELS,
  type TInboxKind,
  type TInboxStatus,
} from '@giot-hong/contract';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { usePageTitle } from '../../../lib/use-page-title';
import { useInbox } from '../api/get-inbox';
import { ConsoleErrorView } from '../components/console-error-view';
import { FilterButtons, PageHeading } from '../components/console-ui';
import { InboxTabs } from '../components/inbox-tabs';

/** /quan-tri/hop-thu: contact messages and appointment feedback, new or handled; the tabs lead to the tasks. */
export function Component() {
  usePageTitle('Hộp thư');
  const [kind, setKind] = useState<TInboxKind>('contact');
  const [status, setStatus] = useState<TInboxStatus>('NEW');
  const inbox = useInbox(kind, status);
  return (
    <>
      <PageHeading title="Hộp thư" sub="Tin nhắn liên hệ và góp ý sau hiến máu." />
      <InboxTabs />
      <div className="mb-4 grid gap-2">
        <FilterButtons
          label="Hộp thư"
          value={kind}
          onChange={setKind}
          options={(['contact', 'feedback'] as const).map((k) => ({ value: k, label: INBOX_KIND_LABELS[k] }))}
        />
        <FilterButtons
          label="Trạng thái"
          value={status}
          onChange={setStatus}
          options={(['NEW', 'HANDLED'] as const).map((s) => ({
            value: s,
            label: INBOX_STATUS_LABELS[s],
            count: inbox.data?.counts[s],
          }))}
        />
      </div>
      {inbox.isPending ? (
        <LoadingView />
      ) : inbox.isError ? (
        <ConsoleErrorView onRetry={() => inbox.refetch()} />
      ) : inbox.data.items.length === 0 ? (
        <EmptyView title="Không có tin nhắn nào" icon={MailCheck} />
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {inbox.data.items.map((m) => (
            <InboxMessage key={`${m.kind}-${m.id}`} item={m} />
          ))}
        </ul>
      )}
    </>
  );
}
