import { Navigate, useParams } from 'react-router';

/** Master-detail routes of docs/spec-summary.md 002 whose screen is a tab of a detail page here. */
export function EmpresaTabAlias({ tab }: { tab: string }) {
  const { p_idempresa } = useParams();
  return <Navigate to={`/empresaform/${p_idempresa}?tab=${tab}`} replace />;
}

/** /usuarioform/{id}, a navigation target of docs/spec-summary.md 002, is the user's detail page. */
export function UsuarioFormAlias() {
  const { id } = useParams();
  return <Navigate to={`/usuariomd/${id}`} replace />;
}
