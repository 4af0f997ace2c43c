import { App } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageFallback } from '../../app/page-fallback.tsx';

/** Popup windows have no shell (no top bar or menu), but still Ant Design's `<App>` for their dialogs. */
export default function PopupLayout() {
  return (
    <App>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </App>
  );
}
