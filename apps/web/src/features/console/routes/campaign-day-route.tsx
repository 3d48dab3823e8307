import { usePageTitle } from '../../../lib/use-page-title';

export function Component() {
  usePageTitle('Chiến dịch hiến máu');
  return <h1 className="text-2xl font-bold text-slate-900">Chiến dịch hiến máu</h1>;
}
