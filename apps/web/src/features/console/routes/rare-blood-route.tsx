import { RARE_BLOOD_TEXTS as T, type TAdminRareBloodQuery } from '@giot-hong/contract';
import { Droplets } from 'lucide-react';
import { useState } from 'react';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { errorMessage } from '../../../lib/api-errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRareBloodMembers } from '../api/get-rare-blood-members';
import { ConsoleErrorView } from '../components/console-error-view';
import { PageHeading } from '../components/console-ui';
import { RareBloodFilter } from '../components/rare-blood-filter';
import { RareBloodMemberList } from '../components/rare-blood-member-list';

/** /quan-tri/mau-hiem: the rare-blood club's members of one group, to phone when a hospital asks. */
export function Component() {
  usePageTitle(T.title);
  const [query, setQuery] = useState<TAdminRareBloodQuery | null>(null);
  const list = useRareBloodMembers(query);
  return (
    <>
      <PageHeading title={T.title} sub={T.consoleSub} />
      <RareBloodFilter onShow={setQuery} />
      <div className="mt-4" aria-live="polite">
        {!query ? (
          <p className="text-slate-700">{T.chooseGroup}</p>
        ) : list.isPending ? (
          <LoadingView />
        ) : list.isError ? (
          <ConsoleErrorView message={errorMessage(list.error, T.listFailed)} onRetry={() => list.refetch()} />
        ) : list.data.members.length === 0 ? (
          <EmptyView title={T.empty} icon={Droplets} />
        ) : (
          <>
            <p className="mb-3 font-medium text-slate-900">{T.count(list.data.members.length)}</p>
            {list.data.truncated && (
              <p className="mb-3 text-slate-700">{T.truncated(list.data.members.length)}</p>
            )}
            <RareBloodMemberList members={list.data.members} />
          </>
        )}
      </div>
    </>
  );
}
