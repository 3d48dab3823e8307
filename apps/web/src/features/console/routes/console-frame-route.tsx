import '../console.css';
import { Outlet } from 'react-router';
import { UpdatePrompt } from '../../../components/layout/update-prompt';
import { LoadingView } from '../../../components/ui/loading-view';
import { useIsFrame } from '../../../lib/frame';
import { useMe } from '../../auth/api/get-me';
import { ConsoleLayout } from '../components/console-layout';

/**
 * The console's frame as a layout route (app/router.tsx): header, navigation and the page in
 * <Outlet />. A lazy chunk of its own with the console's stylesheet, so no donor page loads them.
 * The route table's RoleGuard has already loaded the account, so `me` is read from the cache. The
 * server's frame has no account: the frame without the account's name and the ADMIN's sections.
 */
export function Component() {
  const me = useMe();
  const frame = useIsFrame();
  if (!me.data && !frame) return <LoadingView />;
  return (
    <ConsoleLayout me={me.data}>
      <Outlet />
      {/* Staff get 'Có phiên bản mới' too: the console's open page keeps its version until then. */}
      <UpdatePrompt />
    </ConsoleLayout>
  );
}
