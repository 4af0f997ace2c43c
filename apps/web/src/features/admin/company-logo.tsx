import { useQuery } from '@tanstack/react-query';
import { useObjectUrl } from '../../components/use-object-url.ts';
import { adminApi, adminKeys } from './admin-api.ts';

/** The company's logo (its latest image) for the shell's top bar; nothing when it has none. */
export default function CompanyLogo({ idEmpresa, nombre }: { idEmpresa: number; nombre: string }) {
  const q = useQuery({
    queryKey: adminKeys.logo(idEmpresa),
    queryFn: ({ signal }) => adminApi.logo(idEmpresa, signal),
    staleTime: 10 * 60_000,
    retry: false,
  });
  const url = useObjectUrl(q.data);
  if (!url) return null;
  return (
    <img
      src={url}
      alt={`Logo de ${nombre}`}
      style={{ height: 36, maxWidth: 140, objectFit: 'contain', display: 'block' }}
    />
  );
}
