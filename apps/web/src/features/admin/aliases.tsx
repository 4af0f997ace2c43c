import { Navigate, useParams } from 'react-router';

/** Master-detail routes of docs/spec-summary.md 002 whose screen is a tab of a detail page here. */
export function EmpresaTabAlias({ tab }: { tab: string }) {
  const { p_idempresa } = useParams();
  return <Navigate to={`/empresaform/${p_idempresa}?tab=${tab}`} replace />;
}

export function PerfilUsuarioAlias() {
  const { p_idperfil } = useParams();
  return <Navigate to={`/usuario?idPerfil=${p_idperfil}`} replace />;
}

/** /usuarioform/{id}, a navigation target of docs/spec-summary.md 002, is the user's detail page. */
export function UsuarioFormAlias() {
  const { id } = useParams();
  return <Navigate to={`/usuariomd/${id}`} replace />;
}
