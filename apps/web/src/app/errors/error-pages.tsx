import { MSG } from '@app/domain';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { readSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../brand.ts';

/** Inicio is the main menu when signed in, the public home otherwise. */
function useGoHome() {
  const navigate = useNavigate();
  return () => navigate(readSession() ? '/MenuPrincipal' : '/');
}

export function NotFoundPage() {
  const goHome = useGoHome();
  useDocumentTitle('Página no encontrada');
  return (
    <Result
      status="404"
      title="Página no encontrada"
      subTitle="La página que busca no existe."
      extra={
        <Button type="primary" onClick={goHome}>
          Volver al Inicio
        </Button>
      }
    />
  );
}

/** For a route the user's menu flags do not allow (docs/spec-summary.md 002 §6: access is decided by the menu). */
export function ForbiddenPage() {
  const goHome = useGoHome();
  useDocumentTitle(MSG.noAutorizado);
  return (
    <Result
      status="403"
      title={MSG.noAutorizado}
      subTitle="No tiene permiso para acceder a esta página."
      extra={
        <Button type="primary" onClick={goHome}>
          Volver al Inicio
        </Button>
      }
    />
  );
}
