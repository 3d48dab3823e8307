import { Component, type ReactNode } from 'react';
import { paths } from '../lib/paths';

type Props = { resetKey: string; children: ReactNode };
type State = { failed: boolean; resetKey: string };

/**
 * A page that throws while rendering (or whose chunk cannot be loaded) shows the
 * 'Đã có lỗi xảy ra' view with a back button instead of a blank screen; header and footer stay.
 * Any navigation (a new `resetKey`) tries the page again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section
        role="alert"
        className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center"
      >
        <h1 className="text-2xl font-semibold">Đã có lỗi xảy ra</h1>
        <p className="text-slate-600">Không thể hiển thị trang này. Vui lòng thử lại sau.</p>
        <div className="flex gap-3">
          <button
            type="button"
            onClick={() => history.back()}
            className="rounded-lg border border-slate-300 px-5 py-2.5 font-medium hover:bg-slate-50"
          >
            Quay lại
          </button>
          {/* A full load: after a new release, the page's old chunk may be gone. */}
          <a
            href={paths.home}
            className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
          >
            Trang chủ
          </a>
        </div>
      </section>
    );
  }
}
