import { STOCK_TEXTS as T } from '@giot-hong/contract';
import { LoadingView } from '../../../components/ui/loading-view';
import { errorMessage } from '../../../lib/api-errors';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAdminStock } from '../api/get-admin-stock';
import { ConsoleErrorView } from '../components/console-error-view';
import { PageHeading } from '../components/console-ui';
import { StockForm } from '../components/stock-form';

/** /quan-tri/ton-kho-mau: the level of each blood group, which the landing page's board shows. */
export function Component() {
  usePageTitle(T.consoleTitle);
  const stock = useAdminStock();
  return (
    <>
      <PageHeading title={T.consoleTitle} sub={T.consoleSub} />
      {stock.isPending ? (
        <LoadingView />
      ) : stock.isError ? (
        <ConsoleErrorView message={errorMessage(stock.error, T.loadFailed)} onRetry={() => stock.refetch()} />
      ) : (
        <StockForm board={stock.data} />
      )}
    </>
  );
}
